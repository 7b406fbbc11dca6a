/**
 * Transcript → result row. Everything a metric needs comes from the transcript's events and its task
 * snapshot (gold labels, BKF, flip pairs), so `score` can recompute every circuit metric from saved
 * transcripts alone. States are rebuilt from the logged full-precision oracle results.
 */
import type { FinalRef } from '../../veh/protocol/events.ts';
import type { CircuitP1Row, CircuitP2Row, CircuitP3Row, CircuitP4Row, CircuitRow, CircuitState, CircuitStep } from '../metrics/rows.ts';
import { P1_ACTIONS, type CircuitP1Action } from '../metrics/rows.ts';
import { circuitLimitsFromList, type CircuitLimits } from '../oracle.ts';
import type { CircuitTask } from '../task-schema.ts';
import type { CircuitActionEvent, CircuitOracleCallEvent } from './events.ts';
import { circuitState } from './state.ts';
import type { CircuitTranscript } from './transcript.ts';

const isP1Action = (a: string | null): a is CircuitP1Action => a !== null && (P1_ACTIONS as readonly string[]).includes(a);

interface Parts {
  actions: CircuitActionEvent[];
  calls: CircuitOracleCallEvent[];
  final: FinalRef | null;
  budgetStop: CircuitRow['budget_stop'];
  parseFailures: number;
}

function partsOf(t: CircuitTranscript): Parts {
  const p: Parts = { actions: [], calls: [], final: null, budgetStop: undefined, parseFailures: 0 };
  for (const e of t.events) {
    if (e.type === 'circuit_action') p.actions.push(e);
    else if (e.type === 'circuit_oracle_call') p.calls.push(e);
    else if (e.type === 'parse_failure') p.parseFailures++;
    else if (e.type === 'end') {
      p.final = e.final;
      if (e.budget_limit !== undefined) p.budgetStop = e.budget_limit;
    }
  }
  return p;
}

function common(t: CircuitTranscript, p: Parts) {
  return {
    task_id: t.task.task_id,
    split: t.task.split,
    family: t.task.family,
    status: t.status,
    parse_failures: p.parseFailures,
    ...(p.budgetStop !== undefined ? { budget_stop: p.budgetStop } : {}),
  };
}

/** Steps of a trajectory with the state each evaluated step produced, the start state and the final one. */
function trajectory(p: Parts, limits: CircuitLimits, startLabel: string, startSource: FinalRef['source']) {
  const stateOf = (c: CircuitOracleCallEvent): CircuitState => circuitState(c.request.design, c.result, limits);
  const startCall = p.calls.find((c) => c.purpose === 'harness' && c.label === startLabel);
  if (!startCall) throw new Error(`transcript has no harness evaluation of the ${startLabel} design`);
  const start = stateOf(startCall);
  const byStep = new Map<number, CircuitState>();
  for (const c of p.calls) if (c.purpose === 'agent' && c.step !== null) byStep.set(c.step, stateOf(c));
  const steps: CircuitStep[] = p.actions.map((a) => ({
    step: a.step,
    action: a.action,
    protocol_valid: a.protocol_valid,
    invalid_reason: a.invalid_reason,
    state: a.evaluated ? (byStep.get(a.step) ?? null) : null,
  }));
  const lastEvaluated = [...steps].reverse().find((s) => s.protocol_valid && s.state !== null)?.state ?? start;
  let final: CircuitState;
  if (p.final === null) final = lastEvaluated;
  else if (p.final.source === startSource) final = start;
  else final = (p.final.step !== null ? byStep.get(p.final.step) : undefined) ?? lastEvaluated;
  return { start, steps, final, queries: byStep.size };
}

export function deriveCircuitRow(t: CircuitTranscript): CircuitRow {
  const task: CircuitTask = t.task;
  const p = partsOf(t);
  const base = common(t, p);
  switch (task.probe) {
    case 'P1': {
      const a = p.actions[p.actions.length - 1];
      const predicted = a && a.protocol_valid && isP1Action(a.action) ? a.action : null;
      const row: CircuitP1Row = {
        ...base,
        probe: 'P1',
        p1_subtype: task.p1_subtype,
        gold_action: task.reference.gold_label.action_type,
        predicted_action: predicted,
        predicted_missing_fields: a?.missing_fields ?? [],
        missing_fields_ground_truth: task.missing_fields_ground_truth,
      };
      return row;
    }
    case 'P2': {
      const tr = trajectory(p, circuitLimitsFromList(task.constraints), 'initial', 'initial');
      const row: CircuitP2Row = {
        ...base,
        probe: 'P2',
        query_budget: task.query_budget,
        bkf_objective: task.reference.bkf.power_mw,
        objective_sense: 'minimize',
        variable_bounds: task.variable_bounds,
        initial: tr.start,
        steps: tr.steps,
        final: tr.final,
      };
      return row;
    }
    case 'P3': {
      const tr = trajectory(p, circuitLimitsFromList(task.constraints), 'trap', 'trap');
      const row: CircuitP3Row = {
        ...base,
        probe: 'P3',
        query_budget: task.query_budget_remaining,
        bkf_objective: task.reference.bkf.power_mw,
        objective_sense: 'minimize',
        variable_bounds: task.variable_bounds,
        trap: tr.start,
        steps: tr.steps,
        final: tr.final,
      };
      return row;
    }
    case 'P4': {
      const a = p.actions[p.actions.length - 1];
      const row: CircuitP4Row = {
        ...base,
        probe: 'P4',
        policy: task.policy,
        candidate_ids: task.candidates.map((c) => c.id),
        oracle_order: task.reference.oracle_order,
        predicted_order: a?.ranking ?? null,
        flip_pairs: task.reference.policy_sensitive_pairs,
        modified_candidates: a?.modified_candidates ?? false,
      };
      return row;
    }
  }
}
