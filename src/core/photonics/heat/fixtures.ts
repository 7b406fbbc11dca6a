/**
 * Shared cross-sections for the heat oracle's tests and docs: a standard SOI thermo-optic phase
 * shifter and 1-D layered stacks.
 */
import type { HeatProblemInput } from './problem.ts';

/**
 * 500 × 220 nm Si core on 2 µm BOX over an 18 µm slice of the Si handle (its bottom held at 300 K:
 * the wafer's 148 W/m/K makes the rest of the handle a near-perfect sink), SiO2 cladding to 3 µm,
 * a 2 µm × 120 nm TiN heater whose bottom is 2 µm above the core's top, 100 µm long; the top surface
 * convects to 300 K air (h = 10 W/m²/K), the sides are adiabatic 30 µm away.
 */
export function soiPhaseShifter(overrides: Partial<HeatProblemInput> = {}): HeatProblemInput {
  return {
    kind: 'heat',
    domain_um: { x: [-30, 30], y: [-20, 3] },
    background: 'SiO2',
    rects: [
      { name: 'substrate', x_um: [-30, 30], y_um: [-20, -2], material: 'Si' },
      { name: 'core', x_um: [-0.25, 0.25], y_um: [0, 0.22], material: 'Si' },
    ],
    heater: { x_um: [-1, 1], y_um: [2.22, 2.34], material: 'TiN', length_um: 100, voltage_v: 2 },
    core: { x_um: [-0.25, 0.25], y_um: [0, 0.22] },
    boundaries: {
      bottom: { type: 'fixed', t_k: 300 },
      top: { type: 'convective', h_w_m2k: 10, t_ambient_k: 300 },
      left: { type: 'adiabatic' },
      right: { type: 'adiabatic' },
    },
    grid: { cell_nm: 55, max_cell_nm: 2000, growth: 1.3, subdivide: 1 },
    ...overrides,
  };
}
