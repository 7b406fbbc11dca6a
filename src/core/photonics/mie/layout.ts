/**
 * Flat memory layout shared by every Mie kernel (TypeScript reference and assembly/photonics-mie.ts).
 * Inputs are packed per particle; outputs are four doubles per particle. Indices are relative to the
 * medium: m = N_particle / n_medium, size parameters x = 2π n_medium r / λ0.
 */

/** Homogeneous sphere input: [m.re, m.im, x]. */
export const SPHERE_IN = { mRe: 0, mIm: 1, x: 2 } as const;
export const SPHERE_INPUT_STRIDE = 3;

/** Coated sphere input: [core m.re, core m.im, shell m.re, shell m.im, core x, outer y]. */
export const COATED_IN = { m1Re: 0, m1Im: 1, m2Re: 2, m2Im: 3, x: 4, y: 5 } as const;
export const COATED_INPUT_STRIDE = 6;

/** Output per particle: extinction, scattering and backscattering efficiencies, asymmetry parameter. */
export const MIE_OUT = { qext: 0, qsca: 1, qback: 2, g: 3 } as const;
export const MIE_OUTPUT_STRIDE = 4;

/**
 * Size parameters a kernel evaluates: up to 10⁵ (n_max ≈ 10⁵ terms, ~1 ms per particle), down to 1e-12
 * (the range over which its complex divisions cannot overflow, see quotient.ts). Outside it, and for
 * non-finite input, the outputs are NaN; the solver refuses such problems first, saying why.
 */
export const MIE_MAX_SIZE_PARAMETER = 1e5;
export const MIE_MIN_SIZE_PARAMETER = 1e-12;
