/**
 * Fast oracle access for the generator's hot loops: one packed input row holds the task context
 * (materials, excitation, damping, limits) and only the six design entries change between calls,
 * which are evaluated with the reference backend's evaluateInto — bit-identical to every backend.
 */
import { IN, INPUT_STRIDE, OUT, OUTPUT_STRIDE } from '../oracle-layout.ts';
import { evaluateInto } from '../oracle-reference.ts';
import { packRequest, parseOracleRequest, unpackResult, type Limits, type OracleResult } from '../oracle.ts';
import { relativeDeficit, totalViolation } from '../violation.ts';
import { designOf } from './design-vector.ts';

export interface TaskContext {
  readonly piezo: string;
  readonly substrate: string;
  readonly damping: number;
  readonly frequencyHz: number;
  readonly accelerationG: number;
  readonly limits: Limits;
}

const DESIGN_SLOTS = [IN.beamLengthMm, IN.beamWidthMm, IN.substrateThicknessUm, IN.piezoThicknessUm, IN.tipMassG, IN.loadResistanceOhm];

export class DesignEvaluator {
  readonly ctx: TaskContext;
  /** Oracle calls made through this evaluator (reported as a search's evaluation count). */
  evaluations = 0;
  private readonly input = new Float64Array(INPUT_STRIDE);
  readonly out = new Float64Array(OUTPUT_STRIDE);

  constructor(ctx: TaskContext) {
    this.ctx = ctx;
    const req = parseOracleRequest({
      design: { beam_length_mm: 1, beam_width_mm: 1, substrate_thickness_um: 1, piezo_thickness_um: 1, tip_mass_g: 0, load_resistance_ohm: 1 },
      excitation: { frequency_hz: ctx.frequencyHz, acceleration_g: ctx.accelerationG },
      environment: { piezo_material: ctx.piezo, substrate_material: ctx.substrate, damping_ratio: ctx.damping },
      constraints: ctx.limits,
    });
    packRequest(req, this.input, 0);
  }

  /** Evaluates `x` into `this.out` (valid until the next call) and returns it. */
  run(x: ArrayLike<number>): Float64Array {
    for (let i = 0; i < 6; i++) this.input[DESIGN_SLOTS[i] as number] = x[i] as number;
    evaluateInto(this.input, 0, this.out, 0);
    this.evaluations++;
    return this.out;
  }

  /** Full result object for `x`. */
  result(x: ArrayLike<number>): OracleResult {
    this.run(x);
    return unpackResult(this.out, 0);
  }
}

/** Sum of relative constraint deficits (violation.ts's V(x)) straight from an output row. */
export function violationOf(out: Float64Array, limits: Limits): number {
  return (
    relativeDeficit(-(out[OUT.slackStressMpa] as number), limits.max_stress_mpa) +
    relativeDeficit(-(out[OUT.slackDispMm] as number), limits.max_disp_mm) +
    relativeDeficit(-(out[OUT.slackFreqPct] as number), limits.max_freq_error_pct) +
    relativeDeficit(-(out[OUT.slackPowerUw] as number), limits.min_power_uw)
  );
}

/** The schema's EvaluatedDesign for `x` (full-precision oracle outputs). */
export function evaluatedDesign(ev: DesignEvaluator, x: ArrayLike<number>) {
  const r = ev.result(x);
  return {
    design: designOf(x),
    resonant_freq_hz: r.resonant_freq_hz,
    load_power_uw: r.load_power_uw,
    tip_stress_mpa: r.tip_stress_mpa,
    tip_disp_mm: r.tip_disp_mm,
    feasible: r.feasible,
    total_violation: totalViolation(r, ev.ctx.limits),
  };
}
