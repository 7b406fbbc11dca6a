/**
 * Generator-side search of a task's design space: a log grid over the free variables crossed with
 * target multipliers inside the tolerance band (see snap.ts), then a finer grid around the best
 * point. It returns the best achievable relative margin s* (max over designs of the smallest
 * slack/limit; ≥ 0 means feasible) and the best-known-feasible design (lowest source power).
 * Runs on the reference oracle through the flat layout, reusing one buffer (hot loop).
 */
import { CIN, CIRCUIT_INPUT_STRIDE, CIRCUIT_OUTPUT_STRIDE, COUT } from '../oracle-layout.ts';
import { evaluateCircuitInto } from '../oracle-reference.ts';
import { FAMILY_VARIABLES, packCircuitRequest, type CircuitDesign } from '../oracle.ts';
import { designOf, type CircuitSpace } from './common.ts';
import { FREE_VARIABLES, snapValues } from './snap.ts';

export interface SearchOutcome {
  /** Best achievable relative margin found (≥ 0: feasible). */
  bestMargin: number;
  bestMarginDesign: CircuitDesign | null;
  /** Lowest-power feasible design, or null when none was found. */
  bkf: { design: CircuitDesign; power_mw: number } | null;
  evaluations: number;
}

const SLACK_SLOTS = [
  [COUT.slackTargetErrorPct, 'max_target_error_pct'],
  [COUT.slackSourceCurrentMa, 'max_source_current_ma'],
  [COUT.slackPowerMw, 'max_power_mw'],
  [COUT.slackToleranceShiftPct, 'max_tolerance_shift_pct'],
  [COUT.slackQ, 'min_q'],
] as const;

interface Probe {
  /** Evaluates full values; returns the relative margin (−Infinity when out of bounds or unreachable). */
  margin(values: readonly number[]): number;
  power(): number;
  count: number;
}

function makeProbe(space: CircuitSpace): Probe {
  const input = new Float64Array(CIRCUIT_INPUT_STRIDE);
  const out = new Float64Array(CIRCUIT_OUTPUT_STRIDE);
  const vars = FAMILY_VARIABLES[space.family];
  packCircuitRequest(
    { family: space.family, design: designOf(space.family, vars.map(() => 1)), context: space.context, constraints: space.limits },
    input,
    0,
  );
  const lo = vars.map((v) => space.bounds[v]?.[0] ?? 0);
  const hi = vars.map((v) => space.bounds[v]?.[1] ?? Infinity);
  const scales = SLACK_SLOTS.map(([slot, name]) => {
    const limit = space.limits[name];
    return [slot, limit === undefined ? 0 : limit > 0 ? 1 / limit : 1] as const;
  }).filter(([, s]) => s !== 0);
  const probe: Probe = {
    count: 0,
    margin(values) {
      for (let i = 0; i < values.length; i++) {
        const v = values[i] as number;
        if (!(v >= (lo[i] as number) && v <= (hi[i] as number))) return -Infinity;
      }
      input[CIN.x0] = values[0] as number;
      input[CIN.x1] = values[1] as number;
      input[CIN.x2] = values.length > 2 ? (values[2] as number) : 0;
      evaluateCircuitInto(input, 0, out, 0);
      probe.count++;
      let m = Infinity;
      for (const [slot, scale] of scales) m = Math.min(m, (out[slot] as number) * scale);
      return m;
    },
    power: () => out[COUT.powerMw] as number,
  };
  return probe;
}

function logGrid(lo: number, hi: number, n: number): number[] {
  if (n <= 1 || hi <= lo) return [Math.sqrt(lo * hi)];
  const a = Math.log(lo);
  const step = (Math.log(hi) - a) / (n - 1);
  return Array.from({ length: n }, (_, i) => Math.exp(a + i * step));
}

function linGrid(lo: number, hi: number, n: number): number[] {
  if (n <= 1) return [(lo + hi) / 2];
  return Array.from({ length: n }, (_, i) => lo + ((hi - lo) * i) / (n - 1));
}

/** Cartesian product of per-variable grids. */
function product(grids: readonly (readonly number[])[]): number[][] {
  let acc: number[][] = [[]];
  for (const g of grids) acc = acc.flatMap((prefix) => g.map((v) => [...prefix, v]));
  return acc;
}

interface Best {
  margin: number;
  marginAt: { free: number[]; mult: number; values: number[] } | null;
  power: number;
  powerAt: { free: number[]; mult: number; values: number[] } | null;
}

function scan(space: CircuitSpace, probe: Probe, frees: readonly number[][], mults: readonly number[], best: Best): void {
  for (const free of frees) {
    for (const mult of mults) {
      const values = snapValues(space.family, space.context, free, mult);
      const m = probe.margin(values);
      if (m > best.margin) {
        best.margin = m;
        best.marginAt = { free, mult, values };
      }
      if (m >= 0) {
        const p = probe.power();
        if (p < best.power) {
          best.power = p;
          best.powerAt = { free, mult, values };
        }
      }
    }
  }
}

/** Searches `space` (coarse grid, then a refinement around the best-margin and best-power points). */
export function searchSpace(space: CircuitSpace, coarse = space.family === 'rlc_bandpass' ? 49 : 801): SearchOutcome {
  const probe = makeProbe(space);
  const freeVars = FREE_VARIABLES[space.family];
  const band = (space.limits.max_target_error_pct ?? 0) / 100;
  const mults = band > 0 ? linGrid(1 - 0.98 * band, 1 + 0.98 * band, 9) : [1];
  const grids = freeVars.map((v) => {
    const b = space.bounds[v] ?? [1, 1];
    return logGrid(b[0], b[1], coarse);
  });
  const best: Best = { margin: -Infinity, marginAt: null, power: Infinity, powerAt: null };
  scan(space, probe, product(grids), mults, best);

  // Refine: ±2 coarse steps around each best point, 41 points per free variable, finer band.
  const ratio = freeVars.map((v) => {
    const b = space.bounds[v] ?? [1, 1];
    return Math.pow(b[1] / b[0], 2 / Math.max(1, coarse - 1));
  });
  const fineMults = band > 0 ? linGrid(1 - 0.995 * band, 1 + 0.995 * band, 21) : [1];
  const fine = space.family === 'rlc_bandpass' ? 17 : 41;
  for (const at of [best.marginAt, best.powerAt]) {
    if (!at) continue;
    const local = at.free.map((f, i) => logGrid(f / (ratio[i] as number), f * (ratio[i] as number), fine));
    scan(space, probe, product(local), fineMults, best);
  }
  return {
    bestMargin: best.margin,
    bestMarginDesign: best.marginAt ? designOf(space.family, best.marginAt.values) : null,
    bkf: best.powerAt ? { design: designOf(space.family, best.powerAt.values), power_mw: best.power } : null,
    evaluations: probe.count,
  };
}
