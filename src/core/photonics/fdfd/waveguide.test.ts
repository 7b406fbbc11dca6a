/**
 * FDFD against what a straight slab waveguide must do: carry its launched mode without loss, reflect
 * nothing from the PML, and propagate with the propagation constant of the analytic slab dispersion
 * relation (TE0 of a symmetric slab: tan(κw/2) = γ/κ).
 */
import { describe, expect, it } from 'vitest';
import { cellIndex } from './grid.ts';
import { lineFlux, modeAmplitude, modePower, portModes } from './ports.ts';
import { relativeResidual } from './simulate.ts';
import { analyticSlabTe0, eastPmlReflection, K0, phaseIndex, straightGuide } from './straight-guide.fixture.ts';

describe('FDFD straight slab waveguide (n = 2.85 / 1.44, w = 400 nm, λ = 1550 nm)', () => {
  const h = 0.04;
  const npml = 10;
  const sim = straightGuide(h, 3.6, 3.2, 0.4, npml);
  const { grid, eps, line, field } = sim;
  const near = portModes(grid, eps, line(npml + 6), K0, 1)[0];
  const far = portModes(grid, eps, line(grid.nx - npml - 3), K0, 1)[0];
  if (!near || !far) throw new Error('no mode');

  it('the unpivoted LDLᵀ solve is accurate (relative residual < 1e-10)', () => {
    expect(relativeResidual(sim.system, field, sim.rhs)).toBeLessThan(1e-10);
  });

  it('transmits its mode with power 1 to within 1e-2 over 2.7 µm, and the discrete flux agrees with the modal power', () => {
    const pNear = modePower(grid, near, modeAmplitude(grid, field, near));
    const pFar = modePower(grid, far, modeAmplitude(grid, field, far));
    expect(pFar / pNear).toBeGreaterThan(0.99);
    expect(pFar / pNear).toBeLessThan(1.01);
    // Flux is exactly conserved between two lines for the discrete operator (no loss between them).
    const f1 = lineFlux(grid, field, line(npml + 6), 1);
    const f2 = lineFlux(grid, field, line(grid.nx - npml - 3), 1);
    expect(Math.abs(f2 - f1) / f1).toBeLessThan(1e-9);
    // The guided mode carries all but the radiation the sheet source sheds (the sheet is the line's own mode, so nearly none).
    expect(Math.abs(pFar / f2 - 1)).toBeLessThan(1e-2);
  });

  it('reflects almost nothing from the east PML (measured |r|² ≈ 4e-9 at 10 cells, cubic grading; bound 1e-6)', () => {
    const r2 = eastPmlReflection(sim, near);
    expect(r2).toBeLessThan(1e-6);
  });

  it('propagates with the analytic slab TE0 propagation constant (n_eff within 1 % at 40 nm, closer at 20 nm)', () => {
    const exact = analyticSlabTe0(0.4);
    const measured = (hh: number) => phaseIndex(hh === h ? sim : straightGuide(hh, 1.6, 2.4, 0.4, Math.round(0.4 / hh)));
    const coarse = measured(0.04);
    const fine = measured(0.02);
    expect(Math.abs(coarse - exact) / exact).toBeLessThan(0.01);
    expect(Math.abs(fine - exact)).toBeLessThan(Math.abs(coarse - exact));
  });

  it('numbers unknowns along the shorter side (half-bandwidth = min(nx, ny))', () => {
    // This grid is 90 × 80, so y runs fastest (and the tests above ran on that numbering).
    expect([grid.nx, grid.ny]).toEqual([90, 80]);
    expect(cellIndex(grid, 0, 1) - cellIndex(grid, 0, 0)).toBe(1);
    expect(cellIndex({ ...grid, nx: 50, ny: 100 }, 1, 0) - cellIndex({ ...grid, nx: 50, ny: 100 }, 0, 0)).toBe(1);
  });
});
