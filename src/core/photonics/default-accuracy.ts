/**
 * What the default discretisation of each truncated kind is worth, measured on the project's
 * reference structures (default-accuracy.test.ts recomputes every figure and fails when a statement
 * no longer holds or has become loose by more than 3×). The schemas put these sentences in the
 * parameter's description and the estimates repeat them in their advice, so a caller knows what the
 * default gives before trusting a digit (issue 15: the lamellar grating misses T0 by 1.4e-5 at the
 * default 20 harmonics, the order of the tolerance a careful user would assume).
 */

/** grating, harmonics = 20 against 200, the lamellar test grating (n = 1.5 ridges half filling air, 1000 nm period, 400 nm deep, 632.8 nm). */
export const GRATING_DEFAULT_ACCURACY =
  'Default 20: the zeroth transmitted order of a dielectric lamellar grating (n = 1.5 in air, 400 nm deep, period 1.6 λ) is within 1.5e-5 (TE) and 4e-5 (TM) of its converged value; TM errors fall only like 1/N, and metals need far more';

/** grating_2d, harmonics_x = harmonics_y = 3 against the largest allowed basis. */
export const GRATING_2D_DEFAULT_ACCURACY =
  'Default 3 (7 × 7 orders): the same lamellar grating as a 2-D stack is within 1e-5 (s) and 3e-4 (p) in R and T of 169 orders along x; a silicon photonic-crystal slab (r = 0.2 period air holes) moves by 3e-2 in T from 7 × 7 to 13 × 13 orders: a first look only';

/** bands, plane_waves_per_axis = 15 (auto → dense Ho method), default k-path, against MPB. */
export const BANDS_DEFAULT_ACCURACY =
  'Default 15 (dense method): gap edges within 0.1 % of MPB for square-lattice ε = 12 rods (TM), 0.25 % for triangular-lattice rods (TM), but 1.3 % low for the upper TE edge of nearly touching triangular air holes (r = 0.45a); raise P (the fft method from 21) for 1e-3';

/** mode, grid_nm = 20, against 10 nm, the 500 × 220 nm Si strip in SiO₂ at 1550 nm. */
export const MODE_DEFAULT_ACCURACY =
  'Default 20 nm: n_eff of the 500 × 220 nm Si strip in SiO₂ at 1550 nm is within 3.5e-3 of its 10 nm value (TE0 2.5e-3 high, TM0 3.2e-3 low)';
