/**
 * The gallery's plot of a single-point setup. Most trap questions ask for one number at one
 * wavelength, which draws no curve; an educator wants to see where that point sits. So beside the
 * graded solve the gallery also solves the same setup across a band of wavelengths around the asked
 * one (a spectrum, R/T, …), or, for a slab mode, with its field profile sampled. These problems are
 * for drawing only: the grade always reads the side's own solve.
 */

/** Kinds whose single-wavelength problem can be swept by swapping wavelength_nm for a range. */
const SWEPT_KINDS = new Set(['scattering', 'layer_stack', 'circuit']);

/** Half-widths of the band around the asked wavelength, widest first (a material's tabulated range may refuse the wider). */
const BAND_FRACTIONS = [0.3, 0.1, 0.02];

const SWEEP_POINTS = 121;
const PROFILE_POINTS = 201;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The problems to try, in order, for the side's plot (the first one that solves is drawn); none
 * when the problem already sweeps, declines (null), or has no wavelength to sweep (a link budget).
 */
export function sweepCandidates(problem: unknown): unknown[] {
  if (!isRecord(problem) || typeof problem.wavelength_nm !== 'number') return [];
  const { wavelength_nm: at, ...rest } = problem;
  if (problem.kind === 'mode') {
    const structure = isRecord(problem.structure) ? problem.structure : {};
    // Profiles are sampled for slab modes only; a channel result carries its own cuts.
    return structure.type === 'slab' && problem.profile_points === undefined ? [{ ...problem, profile_points: PROFILE_POINTS }] : [];
  }
  if (!SWEPT_KINDS.has(String(problem.kind))) return [];
  return BAND_FRACTIONS.map((f) => ({ ...rest, wavelength_range_nm: { start: round(at * (1 - f)), stop: round(at * (1 + f)), count: SWEEP_POINTS } }));
}

/** Four significant digits: the band's ends need not be exact, and short numbers read better in the JSON shown. */
function round(x: number): number {
  return Number(x.toPrecision(4));
}
