/**
 * Rebuilds a task's result row from its transcript alone: the task snapshot gives the labels and
 * references, the action events give the agent's decisions, the oracle-call events give the full
 * results, and violations are recomputed from those results with the task's limits. Scoring from
 * saved transcripts therefore reproduces a run's rows exactly.
 */
import type { ActionEvent, FinalRef, OracleCallEvent, TranscriptEvent } from './events.ts';
import type { Transcript } from '../run/transcript.ts';
import type { BudgetLimit } from '../../llm/budget.ts';
import { limitsFromList } from '../oracle.ts';
import type { DesignState, P1Row, P2Row, P3Row, P4Row, TrajectoryStep, VehRow } from '../rows.ts';
import { P1ActionSchema, type EvaluatedDesign, type P2Task, type P3Task } from '../task-schema.ts';
import { totalViolation, violatedConstraints } from '../violation.ts';

export function stateFromCall(call: OracleCallEvent): DesignState {
  const r = call.result;
  const limits = call.request.constraints;
  return {
    design: call.request.design,
    result: {
      resonant_freq_hz: r.resonant_freq_hz,
      load_power_uw: r.load_power_uw,
      tip_stress_mpa: r.tip_stress_mpa,
      tip_disp_mm: r.tip_disp_mm,
      freq_error_pct: r.freq_error_pct,
      feasible: r.feasible,
      total_violation: totalViolation(r, limits),
      violations: violatedConstraints(r, limits),
    },
  };
}

/**
 * Fallback when the harness never evaluated the starting design (the episode failed first): the
 * task's stored evaluation, with violations recomputed from its metrics and limits.
 */
function stateFromTask(ed: EvaluatedDesign, task: P2Task | P3Task): DesignState {
  const limits = limitsFromList(task.constraints);
  const fe = task.excitation_context.frequency_hz;
  const eta = (100 * Math.abs(ed.resonant_freq_hz - fe)) / fe;
  const metrics = { tip_stress_mpa: ed.tip_stress_mpa, tip_disp_mm: ed.tip_disp_mm, freq_error_pct: eta, load_power_uw: ed.load_power_uw };
  return {
    design: ed.design,
    result: {
      resonant_freq_hz: ed.resonant_freq_hz,
      load_power_uw: ed.load_power_uw,
      tip_stress_mpa: ed.tip_stress_mpa,
      tip_disp_mm: ed.tip_disp_mm,
      freq_error_pct: eta,
      feasible: ed.feasible,
      total_violation: totalViolation(metrics, limits),
      violations: violatedConstraints(metrics, limits),
    },
  };
}

const isAction = (e: TranscriptEvent): e is ActionEvent => e.type === 'action';
const isCall = (e: TranscriptEvent): e is OracleCallEvent => e.type === 'oracle_call';

interface Trajectory {
  start: DesignState;
  steps: TrajectoryStep[];
  final: DesignState;
  queries: number;
}

function trajectory(t: Transcript, startLabel: 'initial' | 'trap', startFallback: () => DesignState): Trajectory {
  const calls = t.events.filter(isCall);
  const startCall = calls.find((c) => c.purpose === 'harness' && c.label === startLabel);
  const start = startCall ? stateFromCall(startCall) : startFallback();
  const byStep = new Map<number, DesignState>();
  for (const c of calls) if (c.purpose === 'agent' && c.step !== null) byStep.set(c.step, stateFromCall(c));

  const steps: TrajectoryStep[] = t.events.filter(isAction).map((a) => ({
    step: a.step,
    action: a.action,
    protocol_valid: a.protocol_valid,
    invalid_reason: a.invalid_reason,
    state: a.evaluated ? (byStep.get(a.step) ?? null) : null,
  }));

  const end = t.events.findLast((e) => e.type === 'end');
  const ref: FinalRef | null = end?.type === 'end' ? end.final : null;
  let final: DesignState | undefined;
  if (ref?.source === 'step' && ref.step !== null) final = byStep.get(ref.step);
  else if (ref !== null) final = start;
  if (final === undefined) {
    // No end event (the episode errored) or a budget stop (final null): the last evaluated state, else the start.
    const lastEvaluated = steps.findLast((s) => s.state !== null);
    final = lastEvaluated?.state ?? start;
  }
  return { start, steps, final, queries: byStep.size };
}

/** The limit that stopped the episode, from its end event (see RowCommon.budget_stop). */
function budgetStop(t: Transcript): { budget_stop?: BudgetLimit } {
  const end = t.events.findLast((e) => e.type === 'end');
  return end?.type === 'end' && end.budget_limit !== undefined ? { budget_stop: end.budget_limit } : {};
}

export function deriveRow(t: Transcript): VehRow {
  const task = t.task;
  const common = {
    task_id: task.task_id,
    split: task.split,
    difficulty: task.difficulty,
    anchor_id: task.provenance.anchor_id,
    status: t.status,
    parse_failures: t.events.filter((e) => e.type === 'parse_failure').length,
    ...budgetStop(t),
  };
  const action = t.events.findLast(isAction);
  switch (task.probe) {
    case 'P1': {
      const predicted = P1ActionSchema.safeParse(action?.action);
      const row: P1Row = {
        ...common,
        probe: 'P1',
        p1_subtype: task.p1_subtype,
        gold_action: task.reference.gold_label.action_type,
        predicted_action: predicted.success ? predicted.data : null,
        predicted_missing_fields: action?.missing_fields ?? [],
        missing_fields_ground_truth: task.missing_fields_ground_truth,
      };
      return row;
    }
    case 'P2': {
      const tr = trajectory(t, 'initial', () => stateFromTask(task.initial_result, task));
      const row: P2Row = {
        ...common,
        probe: 'P2',
        p2_subtype: task.p2_subtype,
        domain: task.domain,
        query_budget: t.settings.query_budget ?? task.query_budget,
        bkf_power_uw: task.reference.bkf.power_uw,
        variable_bounds: task.variable_bounds,
        limits: limitsFromList(task.constraints),
        initial: tr.start,
        steps: tr.steps,
        final: tr.final,
        queries: tr.queries,
      };
      return row;
    }
    case 'P3': {
      const tr = trajectory(t, 'trap', () => stateFromTask(task.trap_design, task));
      const row: P3Row = {
        ...common,
        probe: 'P3',
        source_p2_subtype: task.source_p2_subtype,
        trap_type: task.trap_type,
        state_summary: t.settings.p3_variant === 'state_summary',
        query_budget: t.settings.query_budget ?? task.query_budget_remaining,
        bkf_power_uw: task.reference.bkf.power_uw,
        variable_bounds: task.variable_bounds,
        trap: tr.start,
        dormant_constraint: task.dormant_constraint,
        steps: tr.steps,
        final: tr.final,
      };
      return row;
    }
    case 'P4': {
      const row: P4Row = {
        ...common,
        probe: 'P4',
        policy: task.policy,
        candidate_ids: task.candidates.map((c) => c.id),
        oracle_order: task.reference.oracle_order,
        predicted_order: action?.ranking ?? null,
        balanced_active: task.reference.balanced_active,
        policy_sensitive_pairs: task.reference.policy_sensitive_pairs,
        pareto_pairs: task.reference.pareto_pairs,
        modified_candidates: action?.modified_candidates ?? false,
      };
      return row;
    }
  }
}
