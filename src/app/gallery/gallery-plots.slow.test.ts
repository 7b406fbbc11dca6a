/** Every trap in the shipped bank has a curve on both sides (the "renders every trap with both plots", without a browser). */
import { describe, expect, it } from 'vitest';
import { createNodeSolveContext } from '../../adapters/node/photonics-context.ts';
import { solvePhotonics } from '../../core/photonics/solve.ts';
import { galleryEntries } from '../../core/photonics-agent/gallery.ts';
import { shippedTasks } from '../../core/photonics-agent/test-bank.ts';
import { sidePlots } from './gallery-plots.ts';

describe('gallery plots of the shipped bank', () => {
  it('every trap draws at least one curve for the naive and for the careful side; pushbacks draw the naive one', async () => {
    const ctx = await createNodeSolveContext();
    const entries = galleryEntries(await shippedTasks(), (p) => solvePhotonics(p, ctx));
    const traps = entries.filter((e) => e.category === 'trap');
    expect(traps.length).toBeGreaterThan(10);
    for (const e of entries) {
      const naive = sidePlots(e.naive, 'naive');
      expect(naive.length, `${e.task_id} naive`).toBeGreaterThan(0);
      expect(naive.every((p) => p.series.some((s) => s.y.some(Number.isFinite))), `${e.task_id} naive has data`).toBe(true);
      if (e.category !== 'pushback') expect(sidePlots(e.reference, 'reference').length, `${e.task_id} reference`).toBeGreaterThan(0);
    }
  }, 120_000);
});
