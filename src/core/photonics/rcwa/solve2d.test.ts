/**
 * The `grating_2d` problem end to end: schema defaults and refusals, efficiencies through the
 * material resolver in nm, the warnings an agent must pass on, the index maps, progress per
 * wavelength, and the estimate's calibrated H³ cost model.
 */
import { describe, expect, it } from 'vitest';
import { literalResolver } from '../literal-resolver.ts';
import { parsePhotonicsProblem, solvePhotonics } from '../solve.ts';
import { estimatePhotonics } from '../estimate.ts';
import type { SolveProgress } from '../progress.ts';
import { Grating2dProblemSchema } from './problem2d.ts';
import type { Grating2dSolveResult } from './solve2d.ts';

const ctx = { materials: literalResolver };
const air = { n: 1, k: 0 };
const glass = { n: 1.5, k: 0 };
const si = { n: Math.sqrt(12), k: 0 };

const lamellar = (extra: Record<string, unknown> = {}) => ({
  kind: 'grating_2d',
  period_x_nm: 1000,
  cover: air,
  substrate: glass,
  layers: [{ thickness_nm: 400, background: air, shapes: [{ type: 'rectangle', size_nm: [500, 1000], material: glass }] }],
  polarization: 's',
  harmonics_x: 30,
  harmonics_y: 0,
  wavelength_nm: 632.8,
  ...extra,
});

const phcSlab = (extra: Record<string, unknown> = {}) => ({
  kind: 'grating_2d',
  period_x_nm: 1000,
  cover: air,
  substrate: air,
  layers: [{ thickness_nm: 500, background: si, shapes: [{ type: 'circle', radius_nm: 200, material: air }] }],
  polarization: 's',
  harmonics_x: 2,
  wavelength_nm: 2600,
  ...extra,
});

const solve = (p: unknown) => solvePhotonics(p, ctx) as Grating2dSolveResult;

describe('grating_2d problem', () => {
  it('solves the lamellar test grating in nm through the schema, with Li’s rule reported and no warnings', () => {
    const r = solve(lamellar());
    // Issue 6: T0 0.387774 for this grating (converged); 61 orders are within 1e-5.
    expect(r.orders.find((o) => o.side === 'transmitted' && o.m === 0 && o.n === 0)!.efficiency).toBeCloseTo(0.387774, 4);
    expect(r.points[0]!.R + r.points[0]!.T).toBeCloseTo(1, 9);
    expect(r.factorization).toEqual([{ layer: 0, rule: 'li-inverse-rule' }]);
    expect(r.harmonics).toEqual({ x: 30, y: 0, total: 61 });
    expect(r.warnings).toEqual([]);
    expect(r.convergence!.max_change).toBeLessThan(1e-3);
  });

  it('solves s and p from one S-matrix and lists orders with their angles (first orders at asin(λ/period) in air)', () => {
    const r = solve(lamellar({ polarization: 'both', harmonics_x: 10, convergence_check: false }));
    expect(r.points.map((p) => p.polarization)).toEqual(['s', 'p']);
    const first = r.orders.find((o) => o.side === 'reflected' && o.m === 1 && o.n === 0 && o.polarization === 'p')!;
    expect(first.theta_deg).toBeCloseTo((Math.asin(0.6328) * 180) / Math.PI, 10);
    expect(Math.abs(first.phi_deg)).toBeCloseTo(180, 10);
  });

  it('returns an index map of each patterned layer: air in the hole, silicon at the corner', () => {
    const r = solve(phcSlab({ convergence_check: false }));
    expect(r.maps).toHaveLength(1);
    const map = r.maps[0]!;
    expect(map.values).toHaveLength(80);
    expect(map.values[40]![40]).toBe(1);
    expect(map.values[0]![0]).toBeCloseTo(3.464, 3);
    expect(map.x_nm).toEqual([-500, 500]);
    expect(r.factorization[0]!.rule).toBe('laurent');
  });

  it('reports progress once per wavelength', () => {
    const seen: SolveProgress[] = [];
    solvePhotonics(phcSlab({ harmonics_x: 1, convergence_check: false, wavelength_nm: undefined, wavelength_range_nm: { start: 2500, stop: 2700, count: 3 } }), { ...ctx, onProgress: (p) => seen.push(p) });
    expect(seen.map((p) => p.done)).toEqual([1, 2, 3]);
    expect(seen[0]!.stage).toBe('wavelength');
  });

  it('warns when too few harmonics cover the propagating orders, and when an order grazes (Rayleigh anomaly)', () => {
    const under = solve(lamellar({ harmonics_x: 1, period_x_nm: 3000, layers: [{ thickness_nm: 400, background: air, shapes: [{ type: 'rectangle', size_nm: [1500, 1000], material: glass }] }], period_y_nm: 1000 }));
    expect(under.warnings.join('\n')).toMatch(/under-resolved: orders up to ±7 along x/);
    // λ = period_x at normal incidence from air: orders (±1, 0) graze the cover.
    const grazing = solve(lamellar({ wavelength_nm: 1000, harmonics_x: 6, convergence_check: false }));
    expect(grazing.warnings.join('\n')).toMatch(/order \(-?1, 0\) is at grazing in the cover/);
  });

  it('names up to 8 grazing orders one by one and counts the rest in one warning; refuses a period of thousands of wavelengths', () => {
    // λ = period/5 at normal incidence: (±5, 0), (0, ±5), (±3, ±4) and (±4, ±3) graze the cover (12 orders; |m|² + |n|² = 25).
    const many = solve(lamellar({ wavelength_nm: 200, harmonics_x: 2, convergence_check: false }));
    const grazing = many.warnings.filter((w) => /grazing in the cover/.test(w));
    expect(grazing).toHaveLength(1);
    expect(grazing[0]).toMatch(/^orders \(.+\) and 4 more are at grazing in the cover at 200 nm/);
    expect(() => solve(lamellar({ period_x_nm: 1e6, wavelength_nm: 500 }))).toThrow(/period is 2000 wavelengths at 500 nm/);
  });

  it('warns that a photonic-crystal slab near its resonance is not converged at 5 × 5 orders', () => {
    const r = solve(phcSlab({ wavelength_nm: 2622 }));
    expect(r.warnings.join('\n')).toMatch(/not converged in harmonics/);
    expect(r.convergence!.check_harmonics).toEqual({ x: 1, y: 1 });
  });

  it('refuses overlapping shapes, a shape wider than the period, too many harmonics (naming the field) and a missing Jones vector', () => {
    const two = (a: unknown, b: unknown) => lamellar({ layers: [{ thickness_nm: 10, background: air, shapes: [a, b] }] });
    const circle = (x: number, r: number) => ({ type: 'circle', center_nm: [x, 0], radius_nm: r, material: glass });
    expect(() => parsePhotonicsProblem(two(circle(0, 200), circle(300, 200)))).toThrow(/overlap/);
    // Periodic: a circle at x = 450 touches the one at x = −450 across the cell edge.
    expect(() => parsePhotonicsProblem(two(circle(450, 60), circle(-450, 60)))).toThrow(/overlap/);
    expect(() => parsePhotonicsProblem(two(circle(-250, 100), circle(250, 100)))).not.toThrow();
    expect(() => parsePhotonicsProblem(lamellar({ layers: [{ thickness_nm: 10, background: air, shapes: [circle(0, 600)] }] }))).toThrow(/larger than one period/);
    expect(() => parsePhotonicsProblem(lamellar({ harmonics_x: 7, harmonics_y: 7 }))).toThrow(/harmonics_x: .*225 harmonics; at most 169/);
    expect(() => parsePhotonicsProblem(lamellar({ polarization: 'jones' }))).toThrow(/jones/);
    expect(() => solve(lamellar({ cover: { n: 1, k: 0.1 } }))).toThrow(/cover .* must be lossless/);
  });

  it('the schema states the validator’s limit on harmonics (issue 15): 84 per axis only with 0 on the other, 6 × 6 when equal', () => {
    const fields = Grating2dProblemSchema.shape;
    for (const field of [fields.harmonics_x, fields.harmonics_y]) expect(field.description).toMatch(/\(2M\+1\)\(2N\+1\) may be at most 169, to keep one solve within about 30 s: M = N ≤ 6, .*84 only with 0 orders on the other axis/);
    expect(() => parsePhotonicsProblem(lamellar({ harmonics_x: 84, harmonics_y: 0 }))).not.toThrow();
    expect(() => parsePhotonicsProblem(lamellar({ harmonics_x: 0, harmonics_y: 84 }))).not.toThrow();
    expect(() => parsePhotonicsProblem(lamellar({ harmonics_x: 85, harmonics_y: 0 }))).toThrow(/harmonics_x/);
    expect(() => parsePhotonicsProblem(lamellar({ harmonics_x: 6, harmonics_y: undefined }))).not.toThrow();
    expect(() => parsePhotonicsProblem(lamellar({ harmonics_x: 7, harmonics_y: undefined }))).toThrow(/225 harmonics; at most 169/);
    expect(() => parsePhotonicsProblem(lamellar({ harmonics_x: 6, harmonics_y: 7 }))).toThrow(/195 harmonics; at most 169/);
  });

  it('accepts a Jones vector: circular light on the y-invariant grating is the mean of s and p', () => {
    const base = { harmonics_x: 8, convergence_check: false };
    const s = solve(lamellar({ ...base, polarization: 's' })).points[0]!;
    const p = solve(lamellar({ ...base, polarization: 'p' })).points[0]!;
    const c = solve(lamellar({ ...base, polarization: 'jones', jones: { s: [1, 0], p: [0, 1] } })).points[0]!;
    // At normal incidence on a mirror-symmetric 1D grating s and p do not mix, so powers add.
    expect(c.T).toBeCloseTo((s.T + p.T) / 2, 10);
  });

  it('estimates cost from a timed probe, scaling as H³ with H = (2M+1)(2N+1), and with wavelengths', () => {
    // A fake clock that advances 2 ms per reading: every probe "takes" 2 ms, so the scale is checkable.
    let t = 0;
    const now = () => (t += 2);
    const run = (p: unknown) => solvePhotonics(p, ctx);
    const est = estimatePhotonics(parsePhotonicsProblem(phcSlab({ harmonics_x: 6, convergence_check: false, wavelength_nm: undefined, wavelength_range_nm: { start: 2500, stop: 2700, count: 10 } })), ctx, { now }, run);
    // Probe at 3 orders per axis: 49 harmonics; the problem has 169.
    expect(est.unknowns).toBe(338);
    expect(est.expected_seconds).toBeCloseTo(0.002 * (169 / 49) ** 3 * 10, 9);
    expect(est.advice.join(' ')).toMatch(/H³/);
  });
});
