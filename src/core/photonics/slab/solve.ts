/**
 * Solves a `mode` problem: every guided TE/TM mode of a three-layer slab at each vacuum wavelength,
 * with n_eff, n_g (material dispersion included), core confinement, optional field profiles, the
 * mode count and each order's cutoff. Runs the TypeScript reference only: a slab solve is closed-form
 * 1-D root finding that takes microseconds, so a WASM kernel would buy nothing.
 *
 * Absorption is not part of the guided-mode solve: modes come from the real parts of the indices,
 * and any k ≠ 0 is reported as a warning saying so. The solver never returns an n_eff outside
 * (max cladding index, core index); when nothing is guided it says why, with the cutoff.
 */
import type { MaterialSpec, ResolvedIndex } from '../material-spec.ts';
import { ProblemError, type SolveContext } from '../solve-context.ts';
import { canGuide, cutoffV, guidedModeCount, solveSlabModes, vNumber, type SlabAtWavelength, type SlabPolarization } from './dispersion.ts';
import { groupIndexNeighbours, groupIndices, GROUP_INDEX_RELATIVE_STEP } from './group-index.ts';
import { coreConfinement, sampleModeProfile } from './mode-field.ts';
import type { ModeProblem, SlabStructure } from './problem.ts';
import { SweepWarnings } from './sweep-warnings.ts';
import { wavelengthGrid } from '../wavelengths.ts';

/** Modes listed per polarization and wavelength; a thicker slab still reports its full mode_count. */
export const MAX_LISTED_MODES = 1000;
/** Material loss below this (bulk attenuation of the lossiest layer) is not worth a warning. */
export const LOSS_NOTICE_DB_PER_CM = 1e-3;
/** Profile samples over the whole result, so a sweep with profiles stays a few MB of JSON. */
export const MAX_PROFILE_SAMPLES = 2_000_000;

export interface GuidedMode {
  readonly wavelength_nm: number;
  readonly polarization: SlabPolarization;
  readonly order: number;
  readonly n_eff: number;
  /** null only when the mode is cut off on both sides of λ(1 ± 1e-5) */
  readonly n_g: number | null;
  readonly confinement: number;
  readonly profile?: { readonly x_nm: number[]; readonly field: number[] };
}

export interface ModeCutoff {
  readonly wavelength_nm: number;
  readonly polarization: SlabPolarization;
  readonly order: number;
  readonly guided: boolean;
  /** thinnest core that guides this order at this wavelength (0: no cutoff) */
  readonly cutoff_thickness_nm: number;
  /** longest vacuum wavelength guiding this order at this thickness (null: no cutoff) */
  readonly cutoff_wavelength_nm: number | null;
}

export interface LayerIndices {
  readonly wavelength_nm: number;
  readonly core: { n: number; k: number };
  readonly cover: { n: number; k: number };
  readonly substrate: { n: number; k: number };
}

export interface ModeResult {
  readonly kind: 'mode';
  readonly wavelengths_nm: number[];
  readonly modes: GuidedMode[];
  /** guided modes of the requested polarization(s), per wavelength */
  readonly mode_count: number[];
  readonly mode_count_by_polarization: { TE?: number[]; TM?: number[] };
  /** V = k0 d √(n_core² − n_hi²) per wavelength (n_hi: the higher cladding) */
  readonly v_number: number[];
  readonly cutoffs: ModeCutoff[];
  readonly indices: LayerIndices[];
  readonly warnings: string[];
  readonly conventions: Record<string, string>;
  readonly backend: 'reference';
}

const CONVENTIONS: Record<string, string> = {
  wavelength: 'vacuum wavelength in nm',
  index: 'N = n + ik with fields ∝ e^{−iωt} (k > 0 absorbs); guided modes are found from the real parts n',
  geometry: 'x in nm: substrate x < 0, core 0 ≤ x ≤ thickness_nm, cover x > thickness_nm; propagation along z',
  order: 'm = number of field zeros in the core; TE0/TM0 are the fundamental modes',
  field: 'TE: E_y, TM: H_y; normalised to peak |field| = 1 (the peak lies in the core)',
  n_eff: 'effective (phase) index β/k0, strictly between the higher cladding index and the core index',
  n_g: `group index n_eff − λ dn_eff/dλ by central difference at λ(1 ± ${GROUP_INDEX_RELATIVE_STEP}) with every material re-resolved there, so material dispersion is included`,
  confinement: 'fraction of the time-averaged power flow S_z carried in the core (S_z ∝ |E_y|² for TE, |H_y|²/n² for TM)',
  loss: `modes use the real parts of the indices; a layer whose bulk attenuation 4πk/λ exceeds ${LOSS_NOTICE_DB_PER_CM} dB/cm (or any gain) is named in the warnings`,
  cutoffs: 'per order: the cutoff thickness at this wavelength and the cutoff wavelength at this thickness, both with the indices at this wavelength',
  mode_count: 'guided modes of the requested polarization(s); per polarization the count is the number of orders m with V above the cutoff V_m',
};

const POLARIZATIONS: Record<ModeProblem['polarization'], SlabPolarization[]> = { TE: ['TE'], TM: ['TM'], both: ['TE', 'TM'] };

const LAYERS = ['core', 'cover', 'substrate'] as const;
type Layer = (typeof LAYERS)[number];

function layerSpecs(s: SlabStructure): Record<Layer, MaterialSpec> {
  return { core: s.core.material, cover: s.cover, substrate: s.substrate };
}

export function solveMode(problem: ModeProblem, ctx: SolveContext): ModeResult {
  const structure = problem.structure;
  // Channel cross-sections go to the finite-difference solver (src/core/photonics/solve.ts dispatches them).
  if (structure.type !== 'slab') throw new ProblemError('solveMode solves slab structures; channel structures use the finite-difference mode solver');
  const specs = layerSpecs(structure);
  const options = { allowGain: problem.allow_gain === true };
  const warnings = new SweepWarnings();
  const resolveAll = (wavelength_nm: number): Record<Layer, ResolvedIndex> => ({
    core: ctx.materials.resolve(specs.core, wavelength_nm, options),
    cover: ctx.materials.resolve(specs.cover, wavelength_nm, options),
    substrate: ctx.materials.resolve(specs.substrate, wavelength_nm, options),
  });
  // Neighbouring wavelengths for n_g: their out-of-range warnings would repeat the centre's, so drop
  // them; a material that refuses a neighbour (data ending exactly at λ) leaves a one-sided difference.
  const slabAt = (wavelength_nm: number): SlabAtWavelength | undefined => {
    try {
      const r = resolveAll(wavelength_nm);
      return { core: r.core.n, cover: r.cover.n, substrate: r.substrate.n, thickness_nm: structure.core.thickness_nm, wavelength_nm };
    } catch {
      return undefined;
    }
  };

  const wavelengths = wavelengthGrid(problem);
  const pols = POLARIZATIONS[problem.polarization];
  const profilePoints = problem.profile_points;
  const modes: GuidedMode[] = [];
  const cutoffs: ModeCutoff[] = [];
  const indices: LayerIndices[] = [];
  const modeCount: number[] = [];
  const byPol: { TE?: number[]; TM?: number[] } = {};
  for (const pol of pols) byPol[pol] = [];
  const vNumbers: number[] = [];
  let profileSamples = 0;

  for (const wavelength_nm of wavelengths) {
    const r = resolveAll(wavelength_nm);
    for (const layer of LAYERS) {
      for (const w of r[layer].warnings) warnings.note(`material:${layer}`, wavelength_nm, w);
      const k = r[layer].k;
      // Bulk attenuation 4πk/λ in dB/cm: below LOSS_NOTICE_DB_PER_CM (e.g. Si's k ~ 1e-13 at 1550 nm) it is noise.
      const bulkDbPerCm = ((10 / Math.LN10) * 4 * Math.PI * Math.abs(k)) / (wavelength_nm * 1e-7);
      if (k < 0 || bulkDbPerCm > LOSS_NOTICE_DB_PER_CM) {
        warnings.note(
          `loss:${layer}`,
          wavelength_nm,
          `${layer} has k = ${k} at ${wavelength_nm} nm (bulk ${k > 0 ? 'loss' : 'gain'} ${bulkDbPerCm.toPrecision(3)} dB/cm): this slab solver uses the real parts of the indices, so n_eff, n_g and the cutoffs ignore ${k > 0 ? 'absorption' : 'gain'} and no modal loss is computed`,
        );
      }
    }
    indices.push({
      wavelength_nm,
      core: { n: r.core.n, k: r.core.k },
      cover: { n: r.cover.n, k: r.cover.k },
      substrate: { n: r.substrate.n, k: r.substrate.k },
    });
    const slab: SlabAtWavelength = { core: r.core.n, cover: r.cover.n, substrate: r.substrate.n, thickness_nm: structure.core.thickness_nm, wavelength_nm };
    vNumbers.push(vNumber(slab));

    if (!canGuide(slab)) {
      warnings.note(
        'no-guide',
        wavelength_nm,
        `no mode is guided at ${wavelength_nm} nm: the core index (${slab.core}) must exceed both the cover (${slab.cover}) and the substrate (${slab.substrate}) indices; an effective index between cladding and core does not exist`,
      );
      modeCount.push(0);
      for (const pol of pols) byPol[pol]?.push(0);
      continue;
    }

    // λ(1 ± δ) for n_g, resolved once here for every polarization.
    const neighbours = groupIndexNeighbours(slabAt, wavelength_nm);
    let total = 0;
    for (const pol of pols) {
      const count = guidedModeCount(slab, pol);
      byPol[pol]?.push(count);
      total += count;
      if (count > MAX_LISTED_MODES) {
        warnings.note(`many:${pol}`, wavelength_nm, `${count} ${pol} modes are guided at ${wavelength_nm} nm; only the first ${MAX_LISTED_MODES} are listed (mode_count is complete)`);
      }
      // Only the listed orders are solved (here and at λ(1 ± δ)); mode_count above stays complete.
      const solved = solveSlabModes(slab, pol, { maxOrder: MAX_LISTED_MODES, guidedCount: count });
      if (solved.length < Math.min(count, MAX_LISTED_MODES)) {
        warnings.note(`rounding:${pol}`, wavelength_nm, `a ${pol} mode at ${wavelength_nm} nm lies within rounding of its cutoff and is not listed`);
      }
      const nGs = groupIndices(neighbours, pol, solved);
      for (const mode of solved) {
        const nG = nGs.get(mode.order) ?? null;
        if (nG === null) warnings.note(`ng:${pol}${mode.order}`, wavelength_nm, `n_g of ${pol}${mode.order} at ${wavelength_nm} nm is not given: the mode is cut off within ±${GROUP_INDEX_RELATIVE_STEP}·λ`);
        let profile: GuidedMode['profile'];
        if (profilePoints !== undefined) {
          profileSamples += profilePoints;
          if (profileSamples > MAX_PROFILE_SAMPLES) {
            throw new ProblemError(
              `profiles would need more than ${MAX_PROFILE_SAMPLES} samples; lower profile_points or solve fewer wavelengths with profiles`,
            );
          }
          profile = sampleModeProfile(mode, profilePoints);
        }
        modes.push({
          wavelength_nm,
          polarization: pol,
          order: mode.order,
          n_eff: mode.n_eff,
          n_g: nG,
          confinement: coreConfinement(mode),
          ...(profile === undefined ? {} : { profile }),
        });
      }
      // Every guided order's cutoff plus the next (first unguided) order's.
      for (let m = 0; m <= Math.min(count, MAX_LISTED_MODES); m++) cutoffs.push(cutoffOf(slab, pol, m, m < count));
      if (count === 0) {
        const c0 = cutoffOf(slab, pol, 0, false);
        warnings.note(
          `cutoff:${pol}`,
          wavelength_nm,
          `no ${pol} mode is guided at ${wavelength_nm} nm: the ${structure.core.thickness_nm} nm core is below the ${pol}0 cutoff thickness ${c0.cutoff_thickness_nm} nm` +
            (c0.cutoff_wavelength_nm === null ? '' : ` (at this thickness ${pol}0 is guided only below ${c0.cutoff_wavelength_nm} nm)`),
        );
      }
    }
    modeCount.push(total);
  }

  return {
    kind: 'mode',
    wavelengths_nm: wavelengths,
    modes,
    mode_count: modeCount,
    mode_count_by_polarization: byPol,
    v_number: vNumbers,
    cutoffs,
    indices,
    warnings: warnings.list(wavelengths.length),
    conventions: CONVENTIONS,
    backend: 'reference',
  };
}

/** d_m = V_m/(k0 NA) and λ_m = 2π d NA/V_m with NA = √(n_core² − n_hi²); V_0 = 0 (symmetric) has no cutoff. */
function cutoffOf(s: SlabAtWavelength, pol: SlabPolarization, m: number, guided: boolean): ModeCutoff {
  const na = Math.sqrt(s.core ** 2 - Math.max(s.cover, s.substrate) ** 2);
  const vm = cutoffV(s, pol, m);
  const k0 = (2 * Math.PI) / s.wavelength_nm;
  return {
    wavelength_nm: s.wavelength_nm,
    polarization: pol,
    order: m,
    guided,
    cutoff_thickness_nm: vm / (k0 * na),
    cutoff_wavelength_nm: vm > 0 ? (2 * Math.PI * s.thickness_nm * na) / vm : null,
  };
}
