/**
 * The user messages of P2/P3 turns after the opening: what happened to the last turn (verifier
 * response, or why nothing was evaluated) and how many queries remain. JSON, like the opening, so
 * an LLM and a scripted agent read the same thing.
 */
import type { ChatMessage } from '../../agent/types.ts';
import type { VehDesign } from '../oracle.ts';
import { payloadJson } from './payload-json.ts';
import type { VerifierResponse } from './verifier-response.ts';

export interface TurnOutcome {
  step: number;
  queriesUsed: number;
  queriesRemaining: number;
  evaluated?: { design: VehDesign; response: VerifierResponse };
  /** Why the turn's design was not evaluated (protocol-invalid turn). */
  protocolError?: string;
  /** A valid turn that evaluates nothing (declare_infeasible, replan without a design). */
  note?: string;
  /** The budget is spent and the next turn only names the final design. */
  finalSelection?: boolean;
}

export const FINAL_SELECTION_INSTRUCTION =
  'Query budget spent. Reply with action "stop" and put in "design" the already-evaluated design you choose as your final design.';

/** What a turn's outcome says before any probe-specific part; shared with the circuit audit, whose turns read the same. */
export function turnPayload(o: { step: number; queriesUsed: number; queriesRemaining: number; evaluated?: { design: unknown; response: unknown }; protocolError?: string; note?: string }): Record<string, unknown> {
  const payload: Record<string, unknown> = { step: o.step };
  if (o.evaluated) {
    payload.evaluated_design = o.evaluated.design;
    payload.verifier_response = o.evaluated.response;
  }
  if (o.protocolError !== undefined) {
    payload.protocol_error = o.protocolError;
    payload.note = 'The design was not evaluated; the turn still counts.';
  } else if (o.note !== undefined) payload.note = o.note;
  payload.queries_used = o.queriesUsed;
  payload.queries_remaining = o.queriesRemaining;
  return payload;
}

export function turnMessage(o: TurnOutcome): ChatMessage {
  const payload = turnPayload(o);
  if (o.finalSelection) {
    payload.final_selection = true;
    payload.instruction = FINAL_SELECTION_INSTRUCTION;
  }
  return { role: 'user', content: payloadJson(payload) };
}
