/**
 * Every preset must be a problem a visitor can solve at once: it validates, it solves with the same
 * context the CLI uses (library names resolve, wavelengths lie inside the datasets), and the textbook
 * presets give their textbook answers.
 */
import { describe, expect, it } from 'vitest';
import { createNodeSolveContext } from '../../adapters/node/photonics-context.ts';
import { parsePhotonicsProblem, solvePhotonics } from '../../core/photonics/solve.ts';
import { PHOTONICS_KINDS } from './kinds.ts';
import { PRESETS, firstPreset } from './presets.ts';

const context = createNodeSolveContext();
const preset = (kind: keyof typeof PRESETS, id: string) => {
  const p = PRESETS[kind].find((x) => x.id === id);
  if (!p) throw new Error(`no preset ${id}`);
  return p.problem;
};

describe('playground presets', () => {
  it('every kind opens with a preset of its own kind', () => {
    for (const kind of PHOTONICS_KINDS) expect((firstPreset(kind) as { kind: string }).kind).toBe(kind);
  });

  for (const kind of PHOTONICS_KINDS) {
    for (const p of PRESETS[kind]) {
      it(`${kind} / ${p.id} validates and solves`, async () => {
        expect(() => parsePhotonicsProblem(p.problem)).not.toThrow();
        const result = solvePhotonics(p.problem, await context) as { kind: string; warnings: string[] };
        expect(result.kind).toBe(kind);
      });
    }
  }

  it('the Bohren & Huffman preset is their Appendix A sphere (Qext = 3.10543, 5 decimals)', async () => {
    const r = solvePhotonics(preset('scattering', 'bh-sphere'), await context) as { qext: number[] };
    expect(Math.abs((r.qext[0] as number) - 3.10543)).toBeLessThan(5e-6);
  });

  it('the ideal AR preset reflects nothing at its 550 nm design wavelength (closed form n_c = √n_s)', async () => {
    const problem = { ...(preset('layer_stack', 'ar-ideal') as object), wavelength_range_nm: undefined, wavelength_nm: 550 };
    const r = solvePhotonics(JSON.parse(JSON.stringify(problem)), await context) as { R: unknown };
    expect([r.R].flat(3)[0] as number).toBeLessThan(1e-12);
  });
});
