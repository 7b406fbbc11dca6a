import { describe, expect, it } from 'vitest';
import { solveHeat, sampleTemperature } from './solve.ts';
import { soiPhaseShifter } from './fixtures.ts';
import { MAX_HEAT_CELLS, type HeatProblemInput } from './problem.ts';

const UM = 1e-6;

/** A 1-D stack: full-width layers, adiabatic sides (so nothing varies across x), fixed bottom. */
function slab(layers: { t: number; k: number }[], heaterT: number, heaterK: number, extra: Partial<HeatProblemInput> = {}): HeatProblemInput {
  let y = 0;
  const rects = layers.map((l) => {
    const r = { x_um: [0, 4] as [number, number], y_um: [y, y + l.t] as [number, number], material: { k_w_mk: l.k } };
    y += l.t;
    return r;
  });
  return {
    kind: 'heat',
    domain_um: { x: [0, 4], y: [0, y + heaterT] },
    background: { k_w_mk: 1 },
    rects,
    heater: { x_um: [0, 4], y_um: [y, y + heaterT], material: { k_w_mk: heaterK, resistivity_ohm_m: 1e-6 }, length_um: 100, voltage_v: 1 },
    core: { x_um: [0, 4], y_um: [0, layers[0]?.t ?? heaterT] },
    grid: { cell_nm: 50, max_cell_nm: 200, growth: 1.2, subdivide: 1 },
    ...extra,
  };
}

describe('heat oracle: 1-D analytic cases', () => {
  it('a full-width heater sheet over layers: the mean rise of a layer is P″·(Σ t_i/k_i below it + t/2k of it), exact', () => {
    // Linear profile in each source-free layer; the cell-centred FV with harmonic-mean faces on
    // layer-aligned cells reproduces a piecewise-linear T exactly, so agreement is to solver precision.
    const layers = [{ t: 3, k: 148 }, { t: 2, k: 1.38 }, { t: 0.22, k: 148 }, { t: 1, k: 1.38 }];
    const p = slab(layers, 0.1, 28, { core: { x_um: [0, 4], y_um: [5, 5.22], dn_dt_per_k: 1.8e-4 } });
    const r = solveHeat(p);
    const fluxPerArea = r.heater.power_w / (4 * UM * 100 * UM); // P″, W/m²
    const expected = fluxPerArea * ((3 * UM) / 148 + (2 * UM) / 1.38 + (0.11 * UM) / 148);
    expect(Math.abs(r.core.delta_t_k / expected - 1)).toBeLessThan(1e-9);
    expect(r.energy.relative_error).toBeLessThan(1e-9);
  });

  it('uniform volumetric heating of one slab (fixed bottom, adiabatic top): max T = q t²/(2k)', () => {
    // T(y) = q(t y − y²/2)/k. For a quadratic the interior FV fluxes are exact and the half-cell
    // Dirichlet flux puts every cell q h²/(8k) above T(y_c); at the top cell that offset cancels
    // the centre's shortfall, so the top cell holds q t²/(2k) exactly.
    const k = 1.38;
    const t = 2;
    const p = slab([], t, k, { core: { x_um: [0, 4], y_um: [0, t] }, grid: { cell_nm: 20, max_cell_nm: 20, growth: 1, subdivide: 1 } });
    const r = solveHeat(p);
    const q = r.heater.power_w / (4 * UM * t * UM * 100 * UM);
    const expected = (q * (t * UM) ** 2) / (2 * k);
    expect(Math.abs(r.max.delta_t_k / expected - 1)).toBeLessThan(1e-9);
    // Heater mean: ∫T dy / t = q t²/(3k) exactly for the parabola; FV carries the +q h²/(8k) offset less its centre sampling.
    expect(Math.abs(r.heater.mean_t_k - 300 - (q * (t * UM) ** 2) / (3 * k)) / expected).toBeLessThan(1e-3);
  });

  it('two layers in series between a fixed bottom and a convective top, no heating: flux = ΔT/(t₁/k₁ + t₂/k₂ + 1/h)', () => {
    const p = slab([{ t: 2, k: 1.38 }, { t: 3, k: 148 }], 0.1, 28, {
      heater: { x_um: [0, 4], y_um: [5, 5.1], material: { k_w_mk: 28, resistivity_ohm_m: 1e-6 }, length_um: 100, voltage_v: 0 },
      core: { x_um: [0, 4], y_um: [0, 2] },
      boundaries: { bottom: { type: 'fixed', t_k: 300 }, top: { type: 'convective', h_w_m2k: 1e5, t_ambient_k: 350 } },
    });
    const r = solveHeat(p);
    const rSeries = (2 * UM) / 1.38 + (3 * UM) / 148 + (0.1 * UM) / 28 + 1 / 1e5;
    const flux = 50 / rSeries; // W/m², upward is negative out of the bottom
    // Mean of the first layer = T at its mid-plane = 300 + flux · (1 µm / 1.38).
    expect(Math.abs(r.core.mean_t_k - (300 + (flux * 1 * UM) / 1.38))).toBeLessThan(1e-8);
    // Heat enters at the top and leaves at the bottom: out_bottom = flux · area.
    expect(Math.abs(r.energy.out_w.bottom / (flux * 4 * UM * 100 * UM) - 1)).toBeLessThan(1e-9);
    expect(r.energy.relative_error).toBeLessThan(1e-9);
  });
});

describe('heat oracle: 2-D cases', () => {
  it('a standard SOI TiN phase shifter: P_π in the literature range, energy balanced to < 1e-6', () => {
    const r = solveHeat(soiPhaseShifter());
    // Order-of-magnitude literature check: Harris et al., Opt. Express 22, 10487 (2014) measure
    // P_π ≈ 24 mW for TiN heaters over SOI strip waveguides; 20–40 mW is the usual range for this
    // heater–core spacing without trenches. The band here is generous because the 2-D model has no
    // end losses and the film k's are nominal.
    console.log(`SOI TiN phase shifter: P_pi = ${(r.core.p_pi_w * 1e3).toFixed(2)} mW, V_pi = ${r.core.v_pi_v.toFixed(2)} V, R = ${r.heater.resistance_ohm.toFixed(1)} ohm, dT_core = ${r.core.delta_t_k.toFixed(3)} K at ${r.heater.power_w * 1e3} mW, max dT = ${r.max.delta_t_k.toFixed(3)} K, ${r.grid.cells} cells, ${r.solver.iterations} PCG iterations, energy error ${r.energy.relative_error.toExponential(2)}`);
    expect(r.core.p_pi_w).toBeGreaterThan(10e-3);
    expect(r.core.p_pi_w).toBeLessThan(60e-3);
    expect(r.energy.relative_error).toBeLessThan(1e-6);
    // R = ρL/(w t) = 1.2e-6 · 1e-4 / (2e-6 · 1.2e-7) = 500 Ω; I = V/R; J = I/(w t).
    expect(r.heater.resistance_ohm).toBeCloseTo(500, 9);
    expect(r.heater.current_density_a_m2).toBeCloseTo(2 / 500 / (2e-6 * 1.2e-7), 0);
    // The hottest cell is in the heater.
    expect(r.max.y_um).toBeGreaterThan(2.22);
    expect(r.max.y_um).toBeLessThan(2.34);
    expect(r.warnings).toEqual([]);
  });

  it('line source above an isothermal plane: ΔT = P′/(2πk) ln(r₂/r₁) (method of images), within 2 %', () => {
    // A 0.2 µm square source 5 µm above a fixed plane in a uniform medium; the far walls are also
    // fixed, 100 µm out, where the source–image dipole has decayed to ~ (2d/R) of its near value.
    const k = 1.38;
    const p: HeatProblemInput = {
      kind: 'heat',
      domain_um: { x: [-100, 100], y: [0, 100] },
      background: { k_w_mk: k },
      rects: [],
      heater: { x_um: [-0.1, 0.1], y_um: [4.9, 5.1], material: { k_w_mk: k, resistivity_ohm_m: 1e-6 }, length_um: 100, voltage_v: 1 },
      core: { x_um: [2.9, 3.1], y_um: [4.9, 5.1], dn_dt_per_k: 1e-5 },
      boundaries: { bottom: { type: 'fixed', t_k: 300 }, top: { type: 'fixed', t_k: 300 }, left: { type: 'fixed', t_k: 300 }, right: { type: 'fixed', t_k: 300 } },
      grid: { cell_nm: 50, max_cell_nm: 4000, growth: 1.2, subdivide: 1 },
    };
    const r = solveHeat(p);
    const pLine = r.heater.power_w / (100 * UM);
    const images = (xu: number, yu: number) => (pLine / (2 * Math.PI * k)) * Math.log(Math.hypot(xu, yu + 5) / Math.hypot(xu, yu - 5));
    for (const [xu, yu] of [[3, 5], [0, 2.5], [-2, 8]] as const) {
      const got = sampleTemperature(r.map, xu, yu) - 300;
      expect(Math.abs(got / images(xu, yu) - 1)).toBeLessThan(0.02);
    }
    expect(r.energy.relative_error).toBeLessThan(1e-6);
  });
});

describe('heat oracle: input bounds', () => {
  it('refuses a grid over the cell limit with the count and what to change', () => {
    expect(() => solveHeat(soiPhaseShifter({ grid: { cell_nm: 5, max_cell_nm: 5, growth: 1, subdivide: 1 } }))).toThrow(new RegExp(`over the limit of ${MAX_HEAT_CELLS}.*cell_nm`));
  });
  it('refuses an all-adiabatic box, a heater without resistivity and a heater outside the domain', () => {
    const adiabatic = { bottom: { type: 'adiabatic' }, top: { type: 'adiabatic' }, left: { type: 'adiabatic' }, right: { type: 'adiabatic' } } as const;
    expect(() => solveHeat(soiPhaseShifter({ boundaries: adiabatic }))).toThrow(/nowhere to go/);
    expect(() => solveHeat(soiPhaseShifter({ heater: { x_um: [-1, 1], y_um: [2.22, 2.34], material: 'Si', length_um: 100, voltage_v: 1 } }))).toThrow(/resistivity/);
    expect(() => solveHeat(soiPhaseShifter({ heater: { x_um: [-1, 40], y_um: [2.22, 2.34], material: 'TiN', length_um: 100, voltage_v: 1 } }))).toThrow(/inside the domain/);
  });
});
