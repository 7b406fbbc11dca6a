/** The gallery data: every trap, pushback and warning task, the naive side failing and the reference passing, with the separating check in words. */
import { describe, expect, it } from 'vitest';
import { createNodeSolveContext } from '../../adapters/node/photonics-context.ts';
import { solvePhotonics } from '../photonics/solve.ts';
import { galleryEntries } from './gallery.ts';
import { shippedTasks } from './test-bank.ts';

describe('gallery entries', () => {
  it('show each trap, pushback and warning with both setups and what separates them', async () => {
    const ctx = await createNodeSolveContext();
    const entries = galleryEntries(await shippedTasks(), (p) => solvePhotonics(p, ctx));
    expect(entries).toHaveLength(20);
    for (const e of entries) {
      expect(e.naive.pass, e.task_id).toBe(false);
      expect(e.reference.pass, e.task_id).toBe(true);
      expect(e.separating.length, e.task_id).toBeGreaterThan(0);
      expect(e.naive.result, e.task_id).not.toBeNull();
    }
    const diameter = entries.find((e) => e.task_id === 'scat-trap-diameter');
    expect(diameter?.separating.map((s) => s.name)).toEqual(['value:peak_wavelength_nm', 'value:qext_max']);
    expect(diameter?.separating[0]?.reason).toMatch(/^peak_wavelength_nm = 592, reference 536 ± \(3\): outside the tolerance$/);
    const splitter = entries.find((e) => e.task_id === 'circuit-push-splitter');
    expect(splitter?.separating.map((s) => s.name)).toEqual(['pushback', 'mentions']);
    expect(splitter?.reference.result).toBeNull();
  }, 120_000);
});
