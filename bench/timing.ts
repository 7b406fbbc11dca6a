/**
 * One timing rule for the benches: a warm-up run (JIT and WASM tier-up, caches), then `rounds`
 * timed runs; the best is the figure (least disturbed by other load), the median beside it.
 */
import { performance } from 'node:perf_hooks';

export interface Timed<T> {
  readonly best: number;
  readonly median: number;
  /** What the last run returned, so a bench can print the answer beside its time. */
  readonly result: T;
}

export function timed<T>(rounds: number, work: () => T): Timed<T> {
  let result = work();
  const ms: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    result = work();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return { best: ms[0] as number, median: ms[Math.floor(ms.length / 2)] as number, result };
}
