/**
 * The calibration baselines of Table 16 (Appendix G) that need no search: each isolates one
 * trivial behaviour so the benchmark's scores can be read against it.
 */
import type { JsonObject } from '../../agent/parse-json.ts';
import type { BudgetedAgent } from '../protocol/budget.ts';
import { candidateIdsOf, initialDesignOf, lastStateOf, observationOf } from './payload.ts';
import { byProbe, scriptedAgent, type TurnView } from './scripted.ts';

const givenOrder = (v: TurnView): JsonObject => ({ ranking: candidateIdsOf(v.opening), reason: 'candidates in the order given' });
const propose = (): JsonObject => ({ action: 'propose_design', reason: 'always enter design search', missing_fields: [] });

/** P3: propose the design the (corrupted) trajectory ends on, every turn. */
const reproposeLastState = (v: TurnView): JsonObject => ({
  action: 'propose_design',
  design: lastStateOf(v.opening),
  reason: 'continue from the last state of the trajectory',
});

export const alwaysProposeAgent: BudgetedAgent = scriptedAgent({
  id: 'always-propose',
  label: 'Always propose',
  description:
    'P1 always answers propose_design (the degenerate action prior of Table 16). Elsewhere: P2 stops at once, P3 re-proposes the last state, P4 keeps the given order.',
  privileged: false,
  strategy: byProbe({ P1: propose, P2: () => ({ action: 'stop', reason: 'no search' }), P3: reproposeLastState, P4: givenOrder }),
});

export const anchorFixedAgent: BudgetedAgent = scriptedAgent({
  id: 'anchor-fixed',
  label: 'Anchor-fixed heuristic',
  description:
    'P2 stops immediately and keeps the literature anchor (the initial design) with 0 queries (Table 16). P1 proposes, P3 resets to the trusted prior every turn, P4 keeps the given order.',
  privileged: false,
  strategy: byProbe({
    P1: propose,
    P2: (v) => ({ action: 'stop', design: initialDesignOf(v.opening), reason: 'keep the anchor design' }),
    P3: () => ({ action: 'reset_to_prior', reason: 'return to the trusted prior design' }),
    P4: givenOrder,
  }),
});

export const lastStateAgent: BudgetedAgent = scriptedAgent({
  id: 'last-state',
  label: 'Last-state continuation',
  description:
    'P3 continues from the last corrupted state, re-proposing it every turn: never resets or replans (Table 16). P2 re-proposes the current design, P1 proposes, P4 keeps the given order.',
  privileged: false,
  strategy: byProbe({
    P1: propose,
    P2: (v) => ({ action: 'continue', design: observationOf(v.latest)?.design ?? initialDesignOf(v.opening), reason: 'keep the current design' }),
    P3: reproposeLastState,
    P4: givenOrder,
  }),
});
