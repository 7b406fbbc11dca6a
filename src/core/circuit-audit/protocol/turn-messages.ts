/**
 * The user messages of circuit P2/P3 turns after the opening: what happened to the last turn (the
 * verifier response, or why nothing was evaluated) and how many queries remain, as JSON.
 */
import type { ChatMessage } from '../../agent/types.ts';
import { payloadJson } from '../../veh/protocol/payload-json.ts';
import { turnPayload } from '../../veh/protocol/turn-messages.ts';
import type { CircuitDesign } from '../oracle.ts';
import type { CircuitVerifierResponse } from './verifier-response.ts';

export interface CircuitTurnOutcome {
  step: number;
  queriesUsed: number;
  queriesRemaining: number;
  evaluated?: { design: CircuitDesign; response: CircuitVerifierResponse };
  /** Why the turn's design was not evaluated (protocol-invalid turn). */
  protocolError?: string;
  /** A valid turn that evaluated nothing (declare_infeasible, replan without a design). */
  note?: string;
}

export function circuitTurnMessage(o: CircuitTurnOutcome): ChatMessage {
  return { role: 'user', content: payloadJson(turnPayload(o)) };
}
