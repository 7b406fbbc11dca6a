/**
 * What the default discretisation of each truncated kind is worth, measured on the project's
 * reference structures (default-accuracy.slow.test.ts recomputes every figure and fails when a statement
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

/** mode with a slab structure: no truncation parameter; the exact dispersion relation against an independent bisection, n_g against the energy identity. */
export const SLAB_MODE_DEFAULT_ACCURACY =
  'No discretisation: n_eff is the root of the exact dispersion relation (Si 220 nm in SiO₂ at 1550 nm: TE0 within 1e-15 of an independent bisection); n_g is a central difference (δ = 1e-5), within 3e-11 of the energy identity Σ Γ_j n_j² / n_eff';

/** eme, grid_nm = 20, modes = 40, against 5 nm and 160 modes in a 12 µm window; butt joint against the exact slab overlap. */
export const EME_DEFAULT_ACCURACY =
  'Default 20 nm grid and 40 modes: a 1 → 1.6 µm butt joint (2.0 in 1.45, 1550 nm, 8 µm window) transmits within 1e-4 of the exact slab overlap; a 4 µm MMI’s first image falls 1.4 % longer and 2.3e-3 lower in T than with 5 nm, 160 modes and a 12 µm window';

/** dda, dipoles_across = 16, against Mie. */
export const DDA_DEFAULT_ACCURACY =
  'Default 16 across: Qext of a sphere within 1.3 % of Mie for m = 1.5 (x = 0.21: +0.79 %, x = 1: +1.26 %, ADDA’s x = 3.37: −0.43 %) and within 2.9 % for m = 2 (x = 0.21: +2.31 %, x = 1: +2.84 %); the error grows with |m|';

/** inverse_design, cell_nm = 40, pml_nm = 320 (8 cells), on the straight 400 nm guide of the default bend's index pair. */
export const INVERSE_DESIGN_DEFAULT_ACCURACY =
  'Default 40 nm cells and 320 nm PML: a straight 400 nm guide (2.85 in 1.44, 1550 nm) propagates with n_eff 0.9 % above the analytic slab value (0.2 % at 20 nm) and its PML reflects |r|² ≈ 3e-8';
