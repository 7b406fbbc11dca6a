/**
 * The timed probe behind every estimate: one untimed run first (the first call of a solver pays for
 * JIT compilation and WASM tier-up, not for the work), then the best of a few runs, the figure
 * least disturbed by whatever else the machine is doing. `now` is injected: the core reads no clock.
 */
export const PROBE_REPEATS = 3;

export function timeProbe(work: () => unknown, now: () => number, repeats = PROBE_REPEATS): number {
  work();
  let best = Infinity;
  for (let i = 0; i < repeats; i++) {
    const t0 = now();
    work();
    best = Math.min(best, now() - t0);
  }
  return best;
}
