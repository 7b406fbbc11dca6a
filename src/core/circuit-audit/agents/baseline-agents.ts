/**
 * Circuit calibration baselines (the circuit counterparts of VEH Table 16's trivial behaviours).
 * They read only the messages they are sent, like an LLM.
 */
import type { JsonObject } from '../../agent/parse-json.ts';
import type { Agent } from '../../agent/types.ts';
import { byProbe, scriptedAgent, type TurnView } from '../../veh/agents/scripted.ts';
import { candidateIdsOf } from '../../veh/agents/payload.ts';

const givenOrder = (v: TurnView): JsonObject => ({ ranking: candidateIdsOf(v.opening), reason: 'candidates in the order given' });
const propose = (): JsonObject => ({ action: 'propose_design', missing_fields: [], reason: 'always enter design search' });

/** P3: the design the shown (corrupted) trajectory ends on. */
export function lastHistoryDesign(opening: JsonObject): JsonObject {
  const history = opening.corrupted_history;
  // Under --p3-variant state_summary the opening carries the verifier's digest instead of the history.
  const summary = opening.state_summary as JsonObject | undefined;
  if (!Array.isArray(history) && summary?.current_design) return summary.current_design as JsonObject;
  if (!Array.isArray(history) || history.length === 0) throw new Error('P3 payload without corrupted_history');
  return (history[history.length - 1] as JsonObject).design as JsonObject;
}

/** P2: the design the agent last had evaluated, else the initial design. */
function currentDesign(v: TurnView): JsonObject {
  const evaluated = v.latest?.evaluated_design;
  return (evaluated ?? v.opening.initial_design) as JsonObject;
}

const continueLastState = (v: TurnView): JsonObject => ({ action: 'propose_design', design: lastHistoryDesign(v.opening), reason: 'continue from the last state' });

export const circuitAlwaysProposeAgent: Agent = scriptedAgent({
  id: 'always-propose',
  label: 'Always propose',
  description:
    'P1 always answers propose_design (the degenerate action prior). Elsewhere: P2 stops at once and keeps the initial design, P3 re-proposes the trap design, P4 keeps the given order.',
  privileged: false,
  strategy: byProbe({ P1: propose, P2: () => ({ action: 'stop', reason: 'no search' }), P3: continueLastState, P4: givenOrder }),
});

export const circuitLastStateAgent: Agent = scriptedAgent({
  id: 'last-state',
  label: 'Last-state continuation',
  description:
    'P3 re-proposes the last corrupted state every turn, never resetting or replanning. P2 re-proposes the current design every turn, P1 proposes, P4 keeps the given order.',
  privileged: false,
  strategy: byProbe({
    P1: propose,
    P2: (v) => ({ action: 'continue', design: currentDesign(v), reason: 'keep the current design' }),
    P3: continueLastState,
    P4: givenOrder,
  }),
});
