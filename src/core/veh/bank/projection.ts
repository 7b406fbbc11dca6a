/**
 * Anchor projection: maps each literature anchor onto the unimorph oracle's domain and records
 * every step as a sentence in `projection`, so a task's provenance says exactly which numbers came
 * from the source and which were assumed, converted or solved. An anchor whose design vector and
 * materials are used as published (up to the bimorph layer merge) is `oracle_domain`; one that
 * needed solving, substitution or filled-in values is `projected`; one without a uniform-beam
 * geometry is excluded with its reason.
 */
import { OUT } from '../oracle-layout.ts';
import { PIEZO_MATERIALS, SUBSTRATE_IDS, SUBSTRATE_MATERIALS, resolvePiezo, resolveSubstrate, type PiezoId, type SubstrateId } from '../materials.ts';
import { EPSILON_0 } from '../oracle-reference.ts';
import { DEFAULT_LIMITS } from '../oracle.ts';
import { anchorGroup, splitUnits, type Anchor } from './anchors.ts';
import { roundVector, V, type DesignVector } from './design-vector.ts';
import { DesignEvaluator } from './evaluator.ts';
import { solveForFrequency } from './resonance.ts';

export type AnchorKind = 'oracle_domain' | 'projected';

export interface ProjectedAnchor {
  readonly id: string;
  readonly group: string;
  /** Split unit: groups that share a source document. */
  readonly unit: string;
  readonly doi: string | null;
  readonly kind: AnchorKind;
  /** True when the source reports all six design fields (the dataset's design_complete flag). */
  readonly designComplete: boolean;
  readonly design: DesignVector;
  readonly piezo: PiezoId;
  readonly substrate: SubstrateId;
  readonly damping: number;
  readonly frequencyHz: number;
  readonly accelerationG: number;
  /** Acceleration levels the task families may choose from (the source's levels or the per-g ladder). */
  readonly accelerationLadder: readonly number[];
  readonly projection: readonly string[];
}

export interface AdmissionReport {
  readonly admitted: ProjectedAnchor[];
  readonly excluded: { id: string; reason: string }[];
}

/** Headroom kept below the default stress and displacement limits when choosing the task acceleration. */
const ACCEL_HEADROOM = 0.8;
/** Thinnest substrate the projection may solve for (a shim thinner than this is not a practical cantilever). */
const MIN_SUBSTRATE_UM = 20;
const PER_G_LADDER = [1, 0.5, 0.25, 0.1] as const;
/** Assumed piezo fraction of a bender's total thickness when the source gives only the total. */
const SPLIT_RATIO = { bimorph: 0.75, unimorph: 0.5 } as const;
/** Piezo fraction of the total thickness accepted from a capacitance-derived wafer thickness. */
const PLAUSIBLE_PIEZO_FRACTION = [0.5, 0.85] as const;
/** Non-vocabulary substrates with a modulus known from a sibling anchor of the same film family. */
const KNOWN_POLYMERS = [{ pattern: /mylar|polyester/i, label: 'Mylar (polyester)', modulusGPa: 3.79, density: 1390, source: 'Hindawi SV 2018 Table 1 (S-10)' }];

const fmt = (v: number, digits = 4): string => Number(v.toPrecision(digits)).toString();
const sig3 = (v: number): number => Number(v.toPrecision(3));

function reportedDamping(a: Anchor): number | null {
  const ro = a.reported_outcomes;
  return ro?.damping_ratio_mode1 ?? ro?.damping_ratio ?? ro?.measured_damping_ratio ?? null;
}

function reportedFrequency(a: Anchor): number | null {
  const ro = a.reported_outcomes;
  const pair = ro?.resonance_hz_pair_as_printed;
  const pairMean = pair && pair.length > 0 ? pair.reduce((s, v) => s + v, 0) / pair.length : null;
  return a.excitation.frequency_hz ?? ro?.resonance_sc_hz ?? ro?.resonance_hz ?? pairMean;
}

function nearestSubstrateByModulus(modulusGPa: number): SubstrateId {
  let best: SubstrateId = SUBSTRATE_IDS[0];
  let bestGap = Infinity;
  for (const id of SUBSTRATE_IDS) {
    const gap = Math.abs(Math.log(modulusGPa / (SUBSTRATE_MATERIALS[id].modulusPa / 1e9)));
    if (gap < bestGap) {
      bestGap = gap;
      best = id;
    }
  }
  return best;
}

interface Draft {
  design: (number | null)[];
  notes: string[];
  filled: boolean;
  /** Substitute/original substrate modulus when the substrate was replaced by a vocabulary material. */
  substituteModulusRatio?: number;
}

/** Converts a substituted substrate's thickness so the bending stiffness E·h³ is preserved. */
function convertSubstrateThickness(d: Draft): void {
  const ratio = d.substituteModulusRatio;
  const hs = d.design[V.substrate];
  if (ratio === undefined || hs == null || Math.abs(Math.log(ratio)) <= Math.log(1.25)) return;
  const equivalent = hs * Math.cbrt(1 / ratio);
  d.design[V.substrate] = equivalent;
  d.notes.push(
    `substrate thickness converted to the bending-equivalent thickness for the stiffer substitute (E·h³ preserved): ${fmt(hs)} µm → ${fmt(equivalent)} µm`,
  );
}

function projectMaterials(a: Anchor, d: Draft): { piezo: PiezoId; substrate: SubstrateId } {
  const pz = a.materials.piezo;
  let piezo: PiezoId;
  if (pz.vocab) {
    piezo = resolvePiezo(pz.vocab).id;
    if (pz.as_reported.toLowerCase().replace(/[^a-z0-9]/g, '') !== piezo.toLowerCase().replace(/[^a-z0-9]/g, '')) {
      d.notes.push(`piezo "${pz.as_reported}" taken as vocabulary ${piezo} (the dataset's mapping)`);
    }
  } else {
    piezo = 'PZT-5A';
    d.filled = true;
    d.notes.push(`piezo grade not stated ("${pz.as_reported}"): PZT-5A assumed (the oracle's default piezo)`);
  }

  const sb = a.materials.substrate;
  let substrate: SubstrateId;
  if (sb.vocab) {
    substrate = resolveSubstrate(sb.vocab).id;
    return { piezo, substrate };
  }
  d.filled = true;
  const props = sb.reported_properties;
  const polymer = KNOWN_POLYMERS.find((p) => p.pattern.test(sb.as_reported));
  const modulus = props?.youngs_modulus_GPa ?? polymer?.modulusGPa;
  if (modulus === undefined) {
    substrate = 'stainless_steel';
    d.notes.push(`substrate not stated ("${sb.as_reported}"): stainless steel assumed (the oracle's default substrate)`);
    return { piezo, substrate };
  }
  const density = props?.density_kg_m3 ?? polymer?.density;
  substrate = nearestSubstrateByModulus(modulus);
  const target = SUBSTRATE_MATERIALS[substrate];
  const eRatio = target.modulusPa / 1e9 / modulus;
  const origin = props?.youngs_modulus_GPa !== undefined ? 'as reported' : `from ${polymer?.source}`;
  d.notes.push(
    `substrate "${sb.as_reported}" (${fmt(modulus)} GPa${density ? `, ${density} kg/m³` : ''}, ${origin}) is outside the vocabulary: ` +
      `mapped to the nearest vocabulary modulus, ${target.label} (${fmt(target.modulusPa / 1e9)} GPa, ${target.density} kg/m³; ` +
      `modulus ×${fmt(eRatio, 3)}${density ? `, density ×${fmt(target.density / density, 3)}` : ''})`,
  );
  d.substituteModulusRatio = eRatio;
  return { piezo, substrate };
}

/** Result of the layer step: null when both thicknesses are known, else the estimate for an unknown substrate. */
type LayerOutcome = { problem: string } | { substrateEstimate: number | null };

function projectLayers(a: Anchor, d: Draft, piezo: PiezoId): LayerOutcome {
  const notes = a.design_notes ?? {};
  const layers = notes.piezo_layers ?? (a.configuration === 'bimorph' ? 2 : 1);
  const hp = d.design[V.piezo];
  if (a.configuration === 'bimorph' && hp != null && notes.piezo_thickness_is_per_layer) {
    d.design[V.piezo] = hp * layers;
    d.notes.push(
      `bimorph → unimorph: the ${layers} piezo layers of ${fmt(hp)} µm are merged into one ${fmt(hp * layers)} µm layer on one side of the substrate ` +
        `(piezo_thickness_um = both layers; one layer alone gives a first-mode frequency far below the reported one); series/parallel wiring is not modelled`,
    );
  } else if (a.configuration === 'bimorph') {
    d.notes.push('bimorph → unimorph: the piezo layers are represented by one layer of their combined thickness on one side of the substrate');
  }
  if (d.design[V.piezo] != null && d.design[V.substrate] != null) return { substrateEstimate: null };

  const total = notes.total_thickness_um;
  if (total === undefined) return { problem: 'layer thicknesses unknown and no total thickness reported' };
  d.filled = true;
  if (d.design[V.piezo] != null) {
    const hpKnown = d.design[V.piezo] as number;
    d.design[V.substrate] = total - hpKnown;
    d.notes.push(`substrate thickness = reported total ${total} µm − piezo ${fmt(hpKnown)} µm = ${fmt(total - hpKnown)} µm (adhesive neglected)`);
    return { substrateEstimate: null };
  }
  const cap = notes.single_wafer_capacitance_nF_100Hz;
  const area = notes.active_piezo_width_mm !== undefined && notes.active_piezo_length_mm !== undefined ? notes.active_piezo_width_mm * notes.active_piezo_length_mm * 1e-6 : null;
  const ratio = a.configuration === 'bimorph' ? SPLIT_RATIO.bimorph : SPLIT_RATIO.unimorph;
  let piezoUm = total * ratio;
  let how = `an assumed piezo fraction of ${ratio} of the reported total ${total} µm (${a.configuration})`;
  if (cap !== undefined && area !== null) {
    const wafer = ((EPSILON_0 * PIEZO_MATERIALS[piezo].eps33Rel * area) / (cap * 1e-9)) * 1e6;
    const fraction = (wafer * layers) / total;
    const fromCap = `h = ε33ᵀ·A/C = ${fmt(wafer)} µm per wafer (${piezo} permittivity, active area ${fmt(area * 1e6)} mm², ${cap} nF)`;
    if (fraction >= PLAUSIBLE_PIEZO_FRACTION[0] && fraction <= PLAUSIBLE_PIEZO_FRACTION[1]) {
      piezoUm = wafer * layers;
      how = `the datasheet capacitance, ${fromCap}, ${layers} wafers merged (piezo fraction ${fmt(fraction, 3)} of the ${total} µm total)`;
    } else {
      how += `; the capacitance estimate (${fromCap}) gives an implausible piezo fraction ${fmt(fraction, 3)} of the total and is not used`;
    }
  }
  d.design[V.piezo] = piezoUm;
  d.notes.push(`unknown layer split: piezo thickness ${fmt(piezoUm)} µm from ${how}`);
  return { substrateEstimate: total - piezoUm };
}

/** Maps one anchor; returns the projected anchor or the reason it cannot be made oracle-checkable. */
export function projectAnchor(a: Anchor, unit: string): ProjectedAnchor | { reason: string } {
  const src = a.design;
  if (src.beam_length_mm == null || src.beam_width_mm == null) {
    return { reason: 'no uniform-beam length and width in the source (stepped, topology-optimised or abstract-only geometry)' };
  }
  if (src.tip_mass_g == null) return { reason: 'tip mass unknown' };
  const d: Draft = {
    design: [src.beam_length_mm, src.beam_width_mm, src.substrate_thickness_um ?? null, src.piezo_thickness_um ?? null, src.tip_mass_g, src.load_resistance_ohm ?? null],
    notes: [],
    filled: false,
  };
  const { piezo, substrate } = projectMaterials(a, d);
  const layers = projectLayers(a, d, piezo);
  if ('problem' in layers) return { reason: layers.problem };

  const damping = reportedDamping(a) ?? 0.01;
  if (reportedDamping(a) === null) d.notes.push('damping ratio not reported: 0.01 (the oracle default)');
  else d.notes.push(`damping ratio ${damping} as reported`);

  const fReported = reportedFrequency(a);
  const probe = new DesignEvaluator({ piezo, substrate, damping, frequencyHz: fReported ?? 100, accelerationG: 1, limits: DEFAULT_LIMITS });
  const frOf = (v: ArrayLike<number>): number => probe.run(v)[OUT.resonantFreqHz] as number;
  const vector = (): Float64Array => Float64Array.from(d.design.map((v, i) => v ?? (i === V.load ? 1e5 : 0)));

  // The substrate thickness the source never gives is solved for the reported resonance when possible.
  let solved = false;
  if (layers.substrateEstimate !== null) {
    const estimate = layers.substrateEstimate;
    const total = estimate + (d.design[V.piezo] as number);
    const hs = fReported === null ? null : solveForFrequency(probe, vector(), V.substrate, fReported, MIN_SUBSTRATE_UM, total);
    if (hs !== null && fReported !== null) {
      d.design[V.substrate] = hs;
      solved = true;
      d.notes.push(
        `substrate thickness solved by bisection so the oracle's first-mode frequency equals the reported ${fReported} Hz: ${fmt(hs)} µm ` +
          `(implied total ${fmt(hs + (d.design[V.piezo] as number))} µm vs ${fmt(total)} µm reported, which includes packaging)`,
      );
    } else {
      d.design[V.substrate] = estimate;
      d.notes.push(`substrate thickness = total − piezo = ${fmt(estimate)} µm${fReported === null ? '' : ` (no thickness in [${MIN_SUBSTRATE_UM}, ${fmt(total)}] µm reaches ${fReported} Hz)`}`);
    }
  }
  convertSubstrateThickness(d);
  const x = vector();

  const kind: AnchorKind = a.completeness.design_complete && !d.filled && src.load_resistance_ohm != null ? 'oracle_domain' : 'projected';
  let frequencyHz: number;
  if (solved && fReported !== null) {
    frequencyHz = fReported;
  } else if (kind === 'oracle_domain' || fReported === null) {
    const fr = frOf(roundVector(x));
    frequencyHz = Math.round(fr * 10) / 10;
    d.notes.push(
      fReported === null
        ? `no reported resonance: the task frequency is the oracle's first-mode frequency of the projected design, ${frequencyHz} Hz`
        : `design used as published; task frequency = the oracle's first-mode frequency of the mapped design, ${frequencyHz} Hz ` +
            `(reported ${fReported} Hz, ${fmt((100 * (fr - fReported)) / fReported, 3)} %: the unimorph model is not frequency-preserving for this device)`,
    );
  } else {
    // Solve length first (the free length of a clamped bender is the least certain dimension); fall back to tip mass.
    const L0 = x[V.length] as number;
    const fr0 = frOf(x);
    const solvedL = solveForFrequency(probe, x, V.length, fReported, 0.6 * L0, 1.6 * L0);
    if (solvedL !== null) {
      x[V.length] = solvedL;
      d.notes.push(
        `length solved by bisection so the oracle's first-mode frequency equals the reported ${fReported} Hz ` +
          `(f_r was ${fmt(fr0)} Hz at ${fmt(L0)} mm → L = ${fmt(solvedL)} mm, ×${fmt(solvedL / L0, 3)})`,
      );
    } else if (fr0 > fReported) {
      const mt0 = x[V.tipMass] as number;
      const solvedM = solveForFrequency(probe, x, V.tipMass, fReported, mt0, mt0 + 50);
      if (solvedM === null) return { reason: `reported resonance ${fReported} Hz unreachable by length or tip mass` };
      x[V.tipMass] = solvedM;
      d.notes.push(
        `the reported ${fReported} Hz needs more than a 60 % length change, so an effective tip mass was solved by bisection instead ` +
          `(f_r ${fmt(fr0)} Hz → tip mass ${fmt(mt0)} g → ${fmt(solvedM)} g)`,
      );
    } else {
      return { reason: `reported resonance ${fReported} Hz above what the projected beam reaches within a 40 % length change` };
    }
    frequencyHz = fReported;
    d.filled = true;
  }

  if (src.load_resistance_ohm == null) {
    const cp = probe.run(roundVector(x))[OUT.internalCapacitanceF] as number;
    const matched = sig3(1 / (2 * Math.PI * frequencyHz * cp));
    x[V.load] = matched;
    d.notes.push(`load resistance not reported: matched load 1/(ω·C_p) = ${matched} Ω at ${frequencyHz} Hz (C_p = ${fmt(cp * 1e9)} nF)`);
  }
  const design = roundVector(x);

  // Acceleration: a physical level as reported, else the largest normalised level within the default limits.
  const exc = a.excitation;
  const perG = exc.base_acceleration_g == null || /normali[sz]/i.test(exc.notes ?? '') || (exc.levels_tested_g?.length ?? 0) > 0;
  // A source's own test levels come first; 0.1 g is appended so heavy variants can still be run within the limits.
  const ladder =
    exc.levels_tested_g && exc.levels_tested_g.length > 0
      ? [...exc.levels_tested_g.slice().sort((p, q) => q - p), ...PER_G_LADDER.filter((g) => g < Math.min(...(exc.levels_tested_g ?? [])))]
      : [...PER_G_LADDER];
  const ev = (g: number) =>
    new DesignEvaluator({ piezo, substrate, damping, frequencyHz, accelerationG: g, limits: DEFAULT_LIMITS }).result(design);
  let accelerationG: number;
  if (!perG && exc.base_acceleration_g != null) {
    accelerationG = exc.base_acceleration_g;
    d.notes.push(`excitation ${accelerationG} g as reported`);
  } else {
    const within = ladder.find((g) => {
      const r = ev(g);
      return r.tip_stress_mpa <= ACCEL_HEADROOM * DEFAULT_LIMITS.max_stress_mpa && r.tip_disp_mm <= ACCEL_HEADROOM * DEFAULT_LIMITS.max_disp_mm;
    });
    accelerationG = within ?? (ladder[ladder.length - 1] as number);
    d.notes.push(
      `${exc.base_acceleration_g == null ? 'excitation level not reported' : 'outcomes are normalised per g'}: task acceleration ${accelerationG} g, ` +
        `the largest of [${ladder.join(', ')}] g at which the projected design stays within 80 % of 50 MPa and 5 mm`,
    );
  }
  const check = ev(accelerationG);
  d.notes.push(
    `projected design at ${frequencyHz} Hz, ${accelerationG} g: f_r ${fmt(check.resonant_freq_hz)} Hz, ${fmt(check.load_power_uw)} µW, ` +
      `${fmt(check.tip_stress_mpa)} MPa, ${fmt(check.tip_disp_mm)} mm`,
  );
  if (kind === 'projected') d.notes.unshift('projected: the design needed solving, substitution or filled-in values (see below)');
  else d.notes.unshift('oracle_domain: complete published design with vocabulary materials');

  return {
    id: a.id,
    group: anchorGroup(a),
    unit,
    doi: a.source.doi ?? null,
    kind,
    designComplete: a.completeness.design_complete,
    design,
    piezo,
    substrate,
    damping,
    frequencyHz,
    accelerationG,
    accelerationLadder: ladder,
    projection: d.notes,
  };
}

export function projectAnchors(anchors: readonly Anchor[]): AdmissionReport {
  const units = splitUnits(anchors);
  const admitted: ProjectedAnchor[] = [];
  const excluded: { id: string; reason: string }[] = [];
  for (const a of anchors) {
    const r = projectAnchor(a, units.get(anchorGroup(a)) ?? anchorGroup(a));
    if ('reason' in r) excluded.push({ id: a.id, reason: r.reason });
    else admitted.push(r);
  }
  return { admitted, excluded };
}
