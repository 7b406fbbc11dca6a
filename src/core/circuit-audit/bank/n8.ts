/**
 * The paper's worked example (VEHBench Appendix N.8, "Circuit P3 Dual-Trap") as a fixed P3 task:
 * RC low-pass, target fc = 1 kHz ± 2 %, Vin = 5 V, source current ≤ 0.5 mA, R ∈ [1 kΩ, 100 kΩ],
 * C ∈ [1 nF, 1 µF], budget 5. Its trajectory replays exactly where the physics allows:
 *   step 1 {R: 20 kΩ, C: 7.96 nF} → fc 999.7 Hz, Isource = Vin/R = 0.25 mA, both met;
 *   step 3 {R: 15 kΩ, C: 10.6 nF} → fc 1001.0 Hz, 0.333 mA, every limit met.
 * Deviations from the printed example, each forced by the formulas (see data/circuit/README.md):
 *  1. The trap design is R = 5 kΩ, C = 10 nF (fc = 3.18 kHz, "too high" as printed). The printed
 *     C = 100 nF gives fc = 1/(2π·5 kΩ·100 nF) = 318 Hz, i.e. too LOW, contradicting the text.
 *  2. The dormant tolerance constraint is C ≥ 9.8 nF, expressed as the stray-capacitance shift
 *     Cs/(C + Cs) ≤ 2 % with Cs = 200 pF. The printed "C ≥ 1.5 nF" is already met by 7.96 nF, so it
 *     could never be the violation step 2 describes; 9.8 nF is violated by 7.96 nF and met by 10 nF
 *     (trap) and 10.6 nF (step 3).
 *  3. The history lowers C (22 → 15 → 10 nF) while its notes insist fc is too low. Raising C, as
 *     printed, lowers fc, which would be the correct move for an fc that is too high.
 *  4. The oracle reports every limit at once, so step 1's reply already flags the tolerance shift
 *     (2.45 % > 2 %) next to fc and Isource being met; the printed step 2 reads that as a new violation.
 *  5. The trap also overdraws the source (5 V / 5 kΩ = 1 mA > 0.5 mA), which the printed numbers imply.
 */
import type { CircuitDesign } from '../oracle.ts';
import type { CircuitP3Task } from '../task-schema.ts';
import { CIRCUIT_GENERATOR_VERSION, FORMULA_REFERENCE, constraintList, evaluated, type CircuitSpace } from './common.ts';
import { historyStep } from './feedback.ts';
import { corruptedNote, P3_QUERY_BUDGET } from './p3.ts';
import { searchSpace } from './search.ts';

export const N8_TASK_ID = 'circuit-p3-n8-walkthrough';

export const N8_SPACE: CircuitSpace = {
  family: 'rc_lowpass',
  context: { vin_v: 5, target_value: 1000, stray_pf: 200, winding_pf: 0, load_ohm: null },
  limits: { max_target_error_pct: 2, max_source_current_ma: 0.5, max_tolerance_shift_pct: 2 },
  bounds: { r_ohm: [1000, 100000], c_nf: [1, 1000] },
};

export const N8_TRAP: CircuitDesign = { r_ohm: 5000, c_nf: 10 };
/** Walkthrough step 1: the obvious escape (trips the dormant tolerance constraint). */
export const N8_STEP1: CircuitDesign = { r_ohm: 20000, c_nf: 7.96 };
/** Walkthrough step 3: the recovery (every limit met). */
export const N8_STEP3: CircuitDesign = { r_ohm: 15000, c_nf: 10.6 };
const N8_HISTORY_C = [22, 15, 10];

export function buildN8Task(split: CircuitP3Task['split'], seed: number): CircuitP3Task {
  const space = N8_SPACE;
  const trap = evaluated(space, N8_TRAP);
  const history = N8_HISTORY_C.map((c, i) =>
    historyStep(space, i + 1, evaluated(space, { r_ohm: 5000, c_nf: c }), corruptedNote('progressive_contamination', 'rc_lowpass', i + 1, 3, true)),
  );
  const outcome = searchSpace(space);
  if (!outcome.bkf) throw new Error('N.8 space has no feasible design');
  return {
    task_id: N8_TASK_ID,
    suite: 'circuit',
    split,
    family: 'rc_lowpass',
    difficulty: 'hard',
    provenance: {
      generator: CIRCUIT_GENERATOR_VERSION,
      seed,
      formula_reference: FORMULA_REFERENCE.rc_lowpass,
      construction: [
        'VEHBench Appendix N.8 worked example, replayed with the closed-form oracle',
        'deviation: trap C = 10 nF (printed 100 nF gives 318 Hz, not 3.18 kHz)',
        'deviation: dormant limit C ≥ 9.8 nF via stray shift Cs/(C+Cs) ≤ 2 %, Cs = 200 pF (printed C ≥ 1.5 nF is met by 7.96 nF)',
        'deviation: the corrupted history lowers C (22 → 15 → 10 nF); raising C would lower fc, the right move',
      ],
    },
    context: space.context,
    constraints: constraintList(space.limits),
    variable_bounds: space.bounds,
    probe: 'P3',
    trap_type: 'progressive_contamination',
    objective: 'minimize power_mw',
    query_budget_remaining: P3_QUERY_BUDGET,
    corrupted_history: history,
    trap_design: trap,
    trap_violations: trap.violations,
    dormant_constraint: 'max_tolerance_shift_pct',
    reference: {
      bkf: { design: outcome.bkf.design, power_mw: outcome.bkf.power_mw, method: 'target-curve grid search with local refinement', evaluations: outcome.evaluations },
      naive_escape: evaluated(space, N8_STEP1),
      recovery_design: N8_STEP3,
      trusted_design: null,
    },
  };
}
