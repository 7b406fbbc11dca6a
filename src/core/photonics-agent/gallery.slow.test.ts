/** The gallery data: every trap, pushback and warning task, the naive side failing and the reference passing, with the separating check in words. */
import { describe, expect, it } from 'vitest';
import { createNodeSolveContext } from '../../adapters/node/photonics-context.ts';
import { solvePhotonics } from '../photonics/solve.ts';
import { galleryEntries, galleryEntriesAsync } from './gallery.ts';
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
    // Already a spectrum: nothing extra is solved for its plot.
    expect(diameter?.naive.sweep).toBeNull();
    const splitter = entries.find((e) => e.task_id === 'circuit-push-splitter');
    expect(splitter?.separating.map((s) => s.name)).toEqual(['pushback', 'mentions']);
    expect(splitter?.reference.result).toBeNull();
    expect(splitter?.reference.sweep).toBeNull();
    // A single-wavelength trap gets a band around each side's own wavelength to draw.
    const medium = entries.find((e) => e.task_id === 'scat-trap-medium-wavelength');
    expect(medium?.naive.sweep?.problem).toMatchObject({ wavelength_range_nm: { start: 280, stop: 520, count: 121 } });
    expect(medium?.reference.sweep?.problem).toMatchObject({ wavelength_range_nm: { start: 373.4, stop: 693.5 } });
    const terahertz = entries.find((e) => e.task_id === 'mode-trap-terahertz');
    expect(terahertz?.reference.sweep?.problem).toMatchObject({ profile_points: 201, wavelength_nm: 1303.45 });
  }, 120_000);

  it('the async twin (the page solves in its worker) gives exactly the same entries', async () => {
    const ctx = await createNodeSolveContext();
    const tasks = await shippedTasks();
    const solve = (p: unknown) => solvePhotonics(p, ctx);
    const asyncEntries = await galleryEntriesAsync(tasks, async (p) => {
      await Promise.resolve();
      return solve(p);
    });
    expect(asyncEntries).toEqual(galleryEntries(tasks, solve));
  }, 120_000);
});
