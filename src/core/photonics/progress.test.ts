import { describe, expect, it } from 'vitest';
import { progressReporter, type SolveProgress } from './progress.ts';

describe('progressReporter', () => {
  it('passes on at most one event per percent and always the last step', () => {
    const events: SolveProgress[] = [];
    const r = progressReporter((p) => events.push(p), 'k-point', 1000);
    for (let i = 1; i <= 1000; i++) r.step(i);
    expect(events.length).toBeLessThanOrEqual(101);
    expect(events.length).toBeGreaterThanOrEqual(90);
    expect(events.at(-1)).toEqual({ stage: 'k-point', done: 1000, total: 1000 });
  });

  it('reports every step when steps are coarse', () => {
    const events: SolveProgress[] = [];
    const r = progressReporter((p) => events.push(p), 'iteration', 4);
    for (let i = 1; i <= 4; i++) r.step(i);
    expect(events.map((e) => e.done)).toEqual([1, 2, 3, 4]);
  });

  it('survives a throwing sink and is silent without one', () => {
    const r = progressReporter(() => {
      throw new Error('page closed');
    }, 'wavelength', 3);
    expect(() => r.step(1)).not.toThrow();
    expect(() => progressReporter(undefined, 'x', 3).step(1)).not.toThrow();
  });
});
