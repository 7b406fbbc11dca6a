/** Shared by the circuit tests: parse and solve a circuit problem, read one port's spectrum. */
import { literalResolver } from '../literal-resolver.ts';
import { CircuitProblemSchema } from './problem.ts';
import { solveCircuit, type CircuitResult } from './solve.ts';

export function solve(problem: Record<string, unknown>): CircuitResult {
  return solveCircuit(CircuitProblemSchema.parse({ kind: 'circuit', ...problem }), { materials: literalResolver });
}

export function spectrum(r: CircuitResult, from: string, to: string): { power: number[]; phase: number[] } {
  const t = r.transmission.find((x) => x.from === from && x.to === to);
  if (t === undefined) throw new Error(`no transmission ${from} → ${to} in [${r.transmission.map((x) => `${x.from}→${x.to}`).join(', ')}]`);
  return { power: t.power, phase: t.phase_rad };
}

/** Local minima of y, refined by a parabola through each minimum and its neighbours; returns x positions. */
export function minima(x: readonly number[], y: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 1; i < y.length - 1; i++) {
    const [a, b, c] = [y[i - 1]!, y[i]!, y[i + 1]!];
    if (b < a && b <= c) {
      const h = x[i + 1]! - x[i]!;
      const denom = a - 2 * b + c;
      out.push(x[i]! + (denom > 0 ? (0.5 * h * (a - c)) / denom : 0));
    }
  }
  return out;
}

/** Width of a dip at half its depth below the level 1 (where 1 − y = (1 − min y)/2), by linear interpolation. */
export function dipWidth(x: readonly number[], y: readonly number[]): number {
  let iMin = 0;
  y.forEach((v, i) => {
    if (v < y[iMin]!) iMin = i;
  });
  const half = 1 - (1 - y[iMin]!) / 2;
  const cross = (from: number, step: number): number => {
    let i = from;
    while (y[i + step] !== undefined && y[i + step]! < half) i += step;
    const j = i + step;
    return x[i]! + ((half - y[i]!) * (x[j]! - x[i]!)) / (y[j]! - y[i]!);
  };
  return cross(iMin, 1) - cross(iMin, -1);
}
