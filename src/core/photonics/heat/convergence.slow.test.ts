import { expect, it } from 'vitest';
import { solveHeat } from './solve.ts';
import { soiPhaseShifter } from './fixtures.ts';
import type { HeatProblemInput } from './problem.ts';

/**
 * Grid convergence of the core ΔT: every cell split into 1, 2, 4, 8 parts per axis (the coarse grid
 * lines are kept, so the levels nest). Observed order p = log₂((ΔT₁ − ΔT₂)/(ΔT₂ − ΔT₄)); a
 * second-order scheme gives p ≈ 2 where the solution is smooth enough.
 */
function orders(make: (subdivide: number) => HeatProblemInput, label: string): number[] {
  const levels = [1, 2, 4, 8].map((s) => {
    const r = solveHeat(make(s));
    return { s, dT: r.core.delta_t_k, pPi: r.core.p_pi_w, cells: r.grid.cells };
  });
  const out: number[] = [];
  for (let i = 0; i + 2 < levels.length; i++) {
    const dT = (k: number): number => (levels[k] as (typeof levels)[number]).dT;
    out.push(Math.log2((dT(i) - dT(i + 1)) / (dT(i + 1) - dT(i + 2))));
  }
  for (const l of levels) console.log(`${label} subdivide ${l.s}: ${l.cells} cells, core dT = ${l.dT.toFixed(6)} K, P_pi = ${(l.pPi * 1e3).toFixed(4)} mW`);
  console.log(`${label} observed orders: ${out.map((o) => o.toFixed(3)).join(', ')}`);
  return out;
}

it('homogeneous medium, square heater: the core ΔT converges at second order (p ≈ 2)', () => {
  // No conductivity jumps, so no corner singularities: T is C¹ with a bounded second derivative
  // jump at the heater edge, and the cell-centred scheme's second order shows cleanly.
  const make = (s: number): HeatProblemInput => ({
    kind: 'heat',
    domain_um: { x: [-10, 10], y: [0, 10] },
    background: 'SiO2',
    rects: [],
    heater: { x_um: [-1, 1], y_um: [4, 4.5], material: { k_w_mk: 1.38, resistivity_ohm_m: 1e-6 }, length_um: 100, voltage_v: 1 },
    core: { x_um: [-0.25, 0.25], y_um: [2, 2.22], dn_dt_per_k: 1.8e-4 },
    boundaries: { bottom: { type: 'fixed', t_k: 300 }, top: { type: 'convective', h_w_m2k: 1e4, t_ambient_k: 300 } },
    grid: { cell_nm: 200, max_cell_nm: 1000, growth: 1.3, subdivide: s },
  });
  const p = orders(make, 'homogeneous');
  const last = p[p.length - 1] as number;
  expect(last).toBeGreaterThan(1.85);
  expect(last).toBeLessThan(2.15);
});

it('SOI phase shifter: the core ΔT converges (order recorded; corners of Si and TiN in oxide lower it below 2)', () => {
  // At a corner of a high-k inclusion (Si core, TiN heater) in low-k oxide the gradient is singular
  // (T ~ r^λ with λ < 1 for k-contrast corners), which caps the observed order below 2; the
  // change from the 4× to the 8× grid is under 0.1 % of ΔT, so the default grid's P_π is converged
  // well past what the phase-shifter gates need.
  const p = orders((s) => soiPhaseShifter({ grid: { cell_nm: 200, max_cell_nm: 4000, growth: 1.3, subdivide: s } }), 'SOI phase shifter');
  const last = p[p.length - 1] as number;
  expect(last).toBeGreaterThan(1.5);
  expect(last).toBeLessThan(2.2);
});
