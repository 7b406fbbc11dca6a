/**
 * Which state is final when an agent stops (P2) or names its final design after a full budget:
 * the design it names, if the oracle already evaluated exactly that design in this episode (or it
 * is the starting design); otherwise the last evaluated state. A named design is never evaluated
 * at this point, so a final design is always one the verifier has seen.
 */
import type { FinalRef } from '../../agent/events.ts';
import type { JsonObject } from '../../agent/parse-json.ts';
import type { VehDesign } from '../oracle.ts';
import type { VariableBounds } from '../task-schema.ts';
import { checkDesign, sameDesign } from './design-check.ts';

export interface EvaluatedStep {
  step: number;
  design: VehDesign;
}

export interface FinalChoice {
  final: FinalRef;
  /** The named design when it passed the design checks (recorded on the action event). */
  named: VehDesign | null;
  note: string;
}

export function chooseFinal(
  namedFields: JsonObject | null,
  bounds: VariableBounds,
  evaluated: readonly EvaluatedStep[],
  start: { ref: FinalRef; design: VehDesign },
): FinalChoice {
  const lastEvaluated = evaluated[evaluated.length - 1];
  const fallback: FinalRef = lastEvaluated ? { source: 'step', step: lastEvaluated.step } : start.ref;
  const fallbackText = lastEvaluated ? `the last evaluated design (step ${lastEvaluated.step})` : `the ${start.ref.source} design`;
  if (namedFields === null) return { final: fallback, named: null, note: `no design named; final is ${fallbackText}` };
  const check = checkDesign(namedFields, bounds);
  if (!check.ok) return { final: fallback, named: null, note: `named design unusable (${check.reason}); final is ${fallbackText}` };
  for (let i = evaluated.length - 1; i >= 0; i--) {
    const e = evaluated[i] as EvaluatedStep;
    if (sameDesign(e.design, check.design)) {
      return { final: { source: 'step', step: e.step }, named: check.design, note: `final is the named design evaluated at step ${e.step}` };
    }
  }
  if (sameDesign(start.design, check.design)) {
    return { final: start.ref, named: check.design, note: `final is the named ${start.ref.source} design` };
  }
  return { final: fallback, named: check.design, note: `the named design was never evaluated; final is ${fallbackText}` };
}
