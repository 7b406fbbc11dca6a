/**
 * The `grating` problem end to end: schema defaults and refusals, efficiencies through the material
 * resolver, and the warnings an agent must pass on (too few harmonics, unconverged efficiencies,
 * Rayleigh anomalies), plus the estimate's calibrated cost model.
 */
import { describe, expect, it } from 'vitest';
import { literalResolver } from '../literal-resolver.ts';
import { parsePhotonicsProblem, solvePhotonics } from '../solve.ts';
import { estimatePhotonics } from '../estimate.ts';
import type { GratingResult } from './solve.ts';

const ctx = { materials: literalResolver };
const air = { n: 1, k: 0 };
const glass = { n: 1.5, k: 0 };

const lamellar = (extra: Record<string, unknown> = {}) => ({
  kind: 'grating',
  period_nm: 1000,
  cover: air,
  substrate: glass,
  layers: [{ thickness_nm: 400, background: air, ridges: [{ from: 0.25, to: 0.75, material: glass }] }],
  polarization: 'TE',
  wavelength_nm: 632.8,
  ...extra,
});

describe('grating problem', () => {
  it('solves the lamellar test grating in nm through the schema (same numbers as the unit-free core)', () => {
    const r = solvePhotonics(lamellar({ harmonics: 40 }), ctx) as GratingResult;
    const point = r.points[0]!;
    expect(r.orders.filter((o) => o.side === 'reflected').map((o) => o.order)).toEqual([-1, 0, 1]);
    expect(r.orders.find((o) => o.side === 'transmitted' && o.order === 0)!.efficiency).toBeCloseTo(0.387774, 5);
    expect(point.R + point.T).toBeCloseTo(1, 9);
    expect(r.warnings).toEqual([]);
    expect(r.convergence!.max_change).toBeLessThan(1e-3);
  });

  it('warns that a setup is under-resolved when harmonics do not even cover the propagating orders', () => {
    const r = solvePhotonics(lamellar({ harmonics: 1, period_nm: 3000 }), ctx) as GratingResult;
    expect(r.warnings.join('\n')).toMatch(/under-resolved: orders up to ±7 propagate/);
  });

  it('warns when the efficiencies are still moving with the harmonic count (metal TM grating)', () => {
    const metal = { n: 0.2, k: 3.4 };
    const r = solvePhotonics(
      lamellar({ polarization: 'TM', harmonics: 4, layers: [{ thickness_nm: 100, background: air, ridges: [{ from: 0, to: 0.5, material: metal }] }], substrate: metal }),
      ctx,
    ) as GratingResult;
    expect(r.warnings.join('\n')).toMatch(/not converged in harmonics/);
  });

  it('flags a Rayleigh anomaly when an order sits at grazing', () => {
    // λ/period = 1 at normal incidence from air: orders ±1 graze the cover.
    const r = solvePhotonics(lamellar({ wavelength_nm: 1000, harmonics: 6, convergence_check: false }), ctx) as GratingResult;
    expect(r.warnings.join('\n')).toMatch(/order -?1 is at grazing in the cover/);
  });

  it('refuses overlapping ridges, ridges outside the period and an absorbing cover', () => {
    expect(() => parsePhotonicsProblem(lamellar({ layers: [{ thickness_nm: 10, background: air, ridges: [{ from: 0, to: 0.6, material: glass }, { from: 0.5, to: 0.9, material: glass }] }] }))).toThrow(/overlap/);
    expect(() => parsePhotonicsProblem(lamellar({ layers: [{ thickness_nm: 10, background: air, ridges: [{ from: 0.5, to: 1.2, material: glass }] }] }))).toThrow(/layers\.0\.ridges\.0\.to/);
    expect(() => solvePhotonics(lamellar({ cover: { n: 1, k: 0.1 } }), ctx)).toThrow(/cover .* must be lossless/);
  });

  it('estimates cost from a timed probe, scaling as (2N+1)³ and with wavelengths', () => {
    // A fake clock that advances 2 ms per reading: every probe "takes" 2 ms, so the scale is checkable.
    let t = 0;
    const now = () => (t += 2);
    const solve = (p: unknown) => solvePhotonics(p, ctx);
    const small = estimatePhotonics(parsePhotonicsProblem(lamellar({ harmonics: 16, convergence_check: false })), ctx, { now }, solve);
    const big = estimatePhotonics(parsePhotonicsProblem(lamellar({ harmonics: 80, convergence_check: false, wavelength_range_nm: { start: 500, stop: 700, count: 10 }, wavelength_nm: undefined })), ctx, { now }, solve);
    expect(small.expected_seconds).toBeCloseTo(0.002, 9);
    expect(big.unknowns).toBe(161);
    // The probe is a short sweep of the first 4 wavelengths: 2 ms for 4 is 0.5 ms per wavelength.
    expect(big.expected_seconds).toBeCloseTo((0.002 / 4) * (161 / 33) ** 3 * 10, 6);
    expect(big.advice.join(' ')).toMatch(/\(2N\+1\)³/);
  });
});
