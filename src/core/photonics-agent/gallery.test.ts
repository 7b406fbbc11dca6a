/** The gallery's drivers and its plot problems, without solving any physics. */
import { describe, expect, it } from 'vitest';
import { galleryEntryAsync, galleryTasks } from './gallery.ts';
import { sweepCandidates } from './gallery-sweep.ts';
import { shippedTasks } from './test-bank.ts';

describe('gallery', () => {
  it('lists only trap, pushback and warning tasks, in bank order', async () => {
    const tasks = await shippedTasks();
    const shown = galleryTasks(tasks);
    expect(shown.map((t) => t.category).every((c) => c !== 'standard')).toBe(true);
    expect(shown.length).toBe(tasks.filter((t) => t.category !== 'standard').length);
    expect(shown.map((t) => t.task_id)).toEqual(tasks.map((t) => t.task_id).filter((id) => shown.some((s) => s.task_id === id)));
  });

  it('a refused solve is recorded as the side’s error, graded as a failed call, and draws no sweep', async () => {
    const task = (await shippedTasks()).find((t) => t.task_id === 'stack-trap-wavenumber');
    if (!task) throw new Error('bank lacks stack-trap-wavenumber');
    const asked: unknown[] = [];
    const entry = await galleryEntryAsync(task, (p) => {
      asked.push(p);
      return Promise.reject(new Error('refused for the test'));
    });
    // One solve per side, no sweeps after a refusal.
    expect(asked).toEqual([task.naive_problem, task.reference_problem]);
    expect(entry.naive.error).toBe('refused for the test');
    expect(entry.naive.sweep).toBeNull();
    expect(entry.reference.pass).toBe(false);
  });

  it('sweeps a single wavelength, samples a slab profile, and leaves sweeps and link budgets alone', () => {
    const stack = { kind: 'layer_stack', layers: [], wavelength_nm: 1000 };
    expect(sweepCandidates(stack)).toEqual([0.3, 0.1, 0.02].map((f) => ({ kind: 'layer_stack', layers: [], wavelength_range_nm: { start: 1000 * (1 - f), stop: 1000 * (1 + f), count: 121 } })));
    expect(sweepCandidates({ kind: 'mode', structure: { type: 'slab' }, wavelength_nm: 1550 })).toEqual([{ kind: 'mode', structure: { type: 'slab' }, wavelength_nm: 1550, profile_points: 201 }]);
    expect(sweepCandidates({ kind: 'mode', structure: { type: 'channel' }, wavelength_nm: 1550 })).toEqual([]);
    expect(sweepCandidates({ kind: 'scattering', wavelength_range_nm: { start: 400, stop: 700, count: 31 } })).toEqual([]);
    expect(sweepCandidates({ kind: 'circuit', circuit: { type: 'link_budget' } })).toEqual([]);
    expect(sweepCandidates({ kind: 'bands', wavelength_nm: 1 })).toEqual([]);
    expect(sweepCandidates(null)).toEqual([]);
  });
});
