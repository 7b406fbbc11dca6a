/** solvePhotonicsAsync: DDA through the chosen operator backend, every other kind through the synchronous solver. */
import { describe, expect, it } from 'vitest';
import { literalResolver } from './literal-resolver.ts';
import { referenceDdaBackend } from './dda/operator-backend.ts';
import { solvePhotonicsAsync } from './solve-async.ts';
import { solvePhotonics } from './solve.ts';

const ctx = { materials: literalResolver };
const DDA = { kind: 'dda', particle: { shape: 'sphere', radius_nm: 50 }, material: { n: 1.5, k: 0 }, wavelength_nm: 600, dipoles_across: 6 };
// Bohren & Huffman's Appendix A sphere (the scattering kind's own tests check its numbers).
const MIE = { kind: 'scattering', particle: { shape: 'sphere', radius_nm: 525, material: { n: 1.55, k: 0 } }, wavelength_nm: 632.8 };

describe('solvePhotonicsAsync', () => {
  it('asks the chooser with the padded FFT grid size and reports progress', async () => {
    const asked: number[] = [];
    const steps: number[] = [];
    const r = await solvePhotonicsAsync(DDA, {
      ...ctx,
      onProgress: (p) => steps.push(p.done),
      ddaBackend: (points) => {
        asked.push(points);
        return { backend: referenceDdaBackend, reason: 'test' };
      },
    });
    // 6 dipoles across a sphere: a 6³ box, doubled and rounded up to 16³.
    expect(asked).toEqual([16 ** 3]);
    expect(r.kind === 'dda' && r.backend).toBe('reference');
    expect(steps.at(-1)).toBe(100);
  });

  it('solves other kinds, and DDA without a chooser, exactly as the synchronous entry does', async () => {
    expect(await solvePhotonicsAsync(MIE, ctx)).toEqual(solvePhotonics(MIE, ctx));
    expect(await solvePhotonicsAsync(DDA, ctx)).toEqual(solvePhotonics(DDA, ctx));
    await expect(solvePhotonicsAsync({ kind: 'dda' }, ctx)).rejects.toThrow(/invalid photonics problem/);
  });
});
