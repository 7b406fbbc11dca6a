// Shared by wave-optics-references(.slow).test.ts: the gap and the transmission zero the tasks' reference values are read from.
import type { ReproductionOracle } from '../../src/core/reproduction/replay.ts';

type BandsResult = { band_lines: { polarization: string; band: number; frequency: number[] }[] };

/** TM band 1's maximum and band 2's minimum of the ε = 8.9, r = 0.2a square rod lattice (dense PWE, Γ, X, M on the path). */
export function bandsGap(oracle: ReproductionOracle, P: number): { lo: number; hi: number } {
  const r = oracle.solve({ kind: 'bands', lattice: 'square', background_epsilon: 1, shapes: [{ shape: 'circle', radius_a: 0.2, epsilon: 8.9 }], polarization: 'TM', plane_waves_per_axis: P, k_points_per_segment: 4, bands: 3, method: 'dense', convergence_check: false }) as BandsResult;
  const line = (b: number) => r.band_lines.find((l) => l.band === b)!.frequency;
  return { lo: Math.max(...line(1)), hi: Math.min(...line(2)) };
}

/** The transmission zero near a/λ = 0.4116 of the ε = 12, 0.5a slab with r = 0.2a holes: a 1e-4 scan at orders −M…M, parabola through the lowest sample and its neighbours. */
export function slabDip(oracle: ReproductionOracle, M: number, from = 0.411, to = 0.4128): number {
  const a = 1000;
  const n = Math.round((to - from) / 1e-4) + 1;
  const f = Array.from({ length: n }, (_, i) => from + 1e-4 * i);
  const res = oracle.solve({ kind: 'grating_2d', period_x_nm: a, cover: { n: 1, k: 0 }, substrate: { n: 1, k: 0 }, layers: [{ thickness_nm: 0.5 * a, background: { n: Math.sqrt(12), k: 0 }, shapes: [{ type: 'circle', radius_nm: 0.2 * a, material: { n: 1, k: 0 } }] }], polarization: 'p', harmonics_x: M, convergence_check: false, wavelengths_nm: f.map((x) => a / x) }) as { points: { T: number }[] };
  const T = res.points.map((p) => p.T);
  let i = T.indexOf(Math.min(...T));
  i = Math.min(Math.max(i, 1), T.length - 2);
  const [y0, y1, y2] = [T[i - 1]!, T[i]!, T[i + 1]!];
  return f[i]! + (1e-4 * (y0 - y2)) / (2 * (y0 - 2 * y1 + y2));
}
