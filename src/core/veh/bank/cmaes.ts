/**
 * CMA-ES on the unit box, maximising a merit: a thin driver over the shared ask/tell `Cmaes`.
 * Sampled points are clamped into [0,1]^n for evaluation and ranked by merit minus a penalty on the
 * squared clamping distance, while the update is told the unclamped samples, so the search
 * distribution does not drift outside the box. Used by the search portfolio where coordinate moves
 * stall on curved ridges.
 */
import { Cmaes } from '../../optim/cmaes.ts';
import type { SeededRng } from '../../stats/rng.ts';

/** Weight of the squared clamping distance in the ranking score. */
const CLAMP_PENALTY = 1e3;
/** Stop once the largest axis standard deviation σ·max(D) falls below this. */
const MIN_AXIS_STD = 1e-6;

export interface CmaResult {
  best: Float64Array;
  merit: number;
  evaluations: number;
}

function clamp(x: readonly number[]): { p: Float64Array; dist2: number } {
  const p = new Float64Array(x.length);
  let dist2 = 0;
  x.forEach((v, i) => {
    const c = v < 0 ? 0 : v > 1 ? 1 : v;
    p[i] = c;
    dist2 += (v - c) ** 2;
  });
  return { p, dist2 };
}

/** Maximises `merit` over [0,1]^n from `start` with initial step `sigma0`, within `budget` evaluations. */
export function cmaes(merit: (p: Float64Array) => number, start: Float64Array, sigma0: number, budget: number, rng: SeededRng): CmaResult {
  const es = new Cmaes({ mean: Array.from(start), sigma: sigma0, normal: () => rng.normal() });
  let best = clamp(Array.from(start)).p;
  let bestMerit = merit(best);
  let evaluations = 1;

  while (evaluations + es.lambda <= budget) {
    const xs = es.ask();
    // The class minimises: fitness is the negated penalised merit.
    const fitness = xs.map((x) => {
      const { p, dist2 } = clamp(x);
      const value = merit(p);
      evaluations++;
      if (value > bestMerit) {
        bestMerit = value;
        best = p;
      }
      return -(value - CLAMP_PENALTY * dist2);
    });
    es.tell(xs, fitness);
    if (es.maxAxisStd < MIN_AXIS_STD) break;
  }
  return { best, merit: bestMerit, evaluations };
}
