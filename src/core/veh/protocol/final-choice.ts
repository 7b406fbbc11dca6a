/**
 * Which state is final when an agent stops (P2) or names its final design after a full budget:
 * the design it names, if the oracle already evaluated exactly that design in this episode (or it
 * is the starting design); otherwise the last evaluated state. A named design is never evaluated
 * at this point, so a final design is always one the verifier has seen.
 */
import type { FinalRef } from './events.ts';
import type { VehEpisode } from './episode-loop.ts';
import type { JsonObject } from '../../agent/parse-json.ts';
import type { VehDesign } from '../oracle.ts';
import type { VariableBounds } from '../task-schema.ts';
import { checkDesign, sameDesign } from './design-check.ts';
import { interpretTurn } from './interpret.ts';

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

/** Where the episode starts (P2: the initial design; P3: the trap), the final state when nothing was evaluated. */
export interface StartState {
  ref: FinalRef;
  design: VehDesign;
}

/** The last evaluated step, or the start when nothing was evaluated. */
export function lastRef(evaluated: readonly EvaluatedStep[], startRef: FinalRef): FinalRef {
  const e = evaluated[evaluated.length - 1];
  return e ? { source: 'step', step: e.step } : startRef;
}

export function chooseFinal(namedFields: JsonObject | null, bounds: VariableBounds, evaluated: readonly EvaluatedStep[], start: StartState): FinalChoice {
  const lastEvaluated = evaluated[evaluated.length - 1];
  const fallback = lastRef(evaluated, start.ref);
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

/**
 * The query-free turn after a full budget (P2 and P3 under a full-budget rule): the agent answers
 * "stop" and names an already-evaluated design as final; the episode then ends.
 */
export async function finalSelectionTurn(loop: VehEpisode, step: number, bounds: VariableBounds, evaluated: readonly EvaluatedStep[], start: StartState): Promise<void> {
  const reply = await loop.ask((o) => interpretTurn(o, ['stop']), 'Use {"action": "stop", "design": {<an already-evaluated design>}}.');
  if (!reply.ok) {
    loop.failParse(step, reply.problem, lastRef(evaluated, start.ref), 'final selection', { final_selection: true });
    return;
  }
  const choice = chooseFinal(reply.value.design, bounds, evaluated, start);
  loop.act({ step, action: 'stop', protocol_valid: true, invalid_reason: null, design: choice.named, evaluated: false, reason: reply.value.reason, final_selection: true });
  loop.end('completed', choice.final, `full budget spent; ${choice.note}`);
}
