/**
 * Per-task grading in words: for one result row, every check its probe's metrics use, each with a
 * verdict and the reason. The verdicts come from the metrics modules' own per-row summaries
 * (summariseP2/P3/P4, missingFieldsRecallOfRow), so what the viewer says about a task can never
 * disagree with the suite metric the task feeds.
 */
import { missingFieldsRecallOfRow, normaliseFieldName, REQUEST } from '../metrics/p1.ts';
import { summariseP2 } from '../metrics/p2.ts';
import { ESCAPE_EPS, summariseP3 } from '../metrics/p3.ts';
import { summariseP4 } from '../metrics/p4.ts';
import { evaluatedState, powerRatio } from '../metrics/trajectory.ts';
import type { DesignState, P1Row, P2Row, P3Row, P4Row, TrajectoryStep, VehRow } from '../rows.ts';

/** pass / fail: graded; info: a value the metrics use without a pass mark; na: does not apply to this task. */
export type CheckVerdict = 'pass' | 'fail' | 'info' | 'na';

export interface TaskCheck {
  /** Stable key (also the metric family it feeds), e.g. "action_correct". */
  key: string;
  label: string;
  verdict: CheckVerdict;
  /** The check's value, short ("propose_design", "0.973", "3 / 10"). */
  value: string;
  /** Why, in words. */
  reason: string;
}

export interface TaskGrade {
  /** The probe's headline per-task outcome (see `headlinePassed`). */
  passed: boolean;
  checks: TaskCheck[];
}

const fmt = (x: number, digits = 3): string => (Number.isFinite(x) ? x.toFixed(digits) : String(x));
const power = (uw: number): string => `${Number.isFinite(uw) ? uw.toPrecision(4) : String(uw)} µW`;
const list = (xs: readonly string[]): string => (xs.length === 0 ? 'none' : xs.join(', '));
const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/**
 * The probe's headline outcome for one task, used by the list's pass/fail filter: P1 the action
 * matches the gold label; P2 the final design is feasible; P3 the recovery ends feasible; P4 the
 * ranking equals the oracle's order exactly.
 */
export function headlinePassed(row: VehRow): boolean {
  switch (row.probe) {
    case 'P1':
      return row.predicted_action === row.gold_action;
    case 'P2':
      return summariseP2(row).finalFeasible;
    case 'P3':
      return summariseP3(row).success;
    case 'P4':
      return summariseP4(row).exact;
  }
}

export function gradeTask(row: VehRow): TaskGrade {
  return { passed: headlinePassed(row), checks: taskChecks(row) };
}

export function taskChecks(row: VehRow): TaskCheck[] {
  switch (row.probe) {
    case 'P1':
      return p1Checks(row);
    case 'P2':
      return p2Checks(row);
    case 'P3':
      return p3Checks(row);
    case 'P4':
      return p4Checks(row);
  }
}

function parseCheck(row: VehRow): TaskCheck {
  const failed = row.parse_failures > 0 || row.status === 'parse_failure';
  return {
    key: 'parse_ok',
    label: 'Replies parsed',
    verdict: failed ? 'fail' : 'pass',
    value: failed ? plural(row.parse_failures, 'parse failure') : 'ok',
    reason: failed
      ? `${plural(row.parse_failures, 'turn')} never parsed into the protocol's JSON, even after the harness's corrective retries`
      : 'every reply parsed into the protocol’s JSON (possibly after a corrective retry)',
  };
}

function statusCheck(row: VehRow): TaskCheck {
  const stop = row.budget_stop;
  // P2's own query budget running out is its normal end, not a failure.
  const normal = stop === undefined && (row.status === 'completed' || row.status === 'budget_exceeded');
  return {
    key: 'status',
    label: 'Episode status',
    verdict: normal ? 'pass' : 'fail',
    value: row.status,
    reason:
      stop !== undefined
        ? `the run's episode budget (${stop}) stopped the episode early; such an episode never counts as a success`
        : normal
          ? row.status === 'completed'
            ? 'the episode ended normally'
            : 'the query budget ran out, which is how a search episode normally ends'
          : `the episode ended with status ${row.status}`,
  };
}

function p1Checks(row: P1Row): TaskCheck[] {
  const parsed = row.predicted_action !== null;
  const correct = row.predicted_action === row.gold_action;
  const checks: TaskCheck[] = [
    {
      key: 'parse_ok',
      label: 'Parsed an allowed action',
      verdict: parsed ? 'pass' : 'fail',
      value: row.predicted_action ?? 'none',
      reason: parsed ? `the reply named ${row.predicted_action}, one of the three allowed actions` : 'no reply parsed into one of the three allowed actions (counts as a parse failure)',
    },
    {
      key: 'action_correct',
      label: 'Action correct',
      verdict: correct ? 'pass' : 'fail',
      value: `${row.predicted_action ?? '—'} (gold ${row.gold_action})`,
      reason: correct
        ? `the agent chose ${row.gold_action}, the gold action for a ${row.p1_subtype} task`
        : `the gold action for this ${row.p1_subtype} task is ${row.gold_action}, but the agent ${parsed ? `chose ${row.predicted_action}` : 'gave no usable action'}`,
    },
    missingFieldsCheck(row),
  ];
  return [...checks, statusCheck(row)];
}

function missingFieldsCheck(row: P1Row): TaskCheck {
  const base = { key: 'missing_fields', label: 'Missing fields named' };
  if (row.gold_action !== REQUEST) {
    return { ...base, verdict: 'na', value: '—', reason: `no field list is expected: the gold action is ${row.gold_action}` };
  }
  if (row.predicted_action !== REQUEST) {
    return { ...base, verdict: 'na', value: '—', reason: 'the agent did not ask for missing information, so its field list is not scored (the action check already fails)' };
  }
  const recall = missingFieldsRecallOfRow(row);
  if (recall === null) return { ...base, verdict: 'na', value: '—', reason: 'the task lists no ground-truth missing fields' };
  const named = new Set(row.predicted_missing_fields.map(normaliseFieldName));
  const missed = row.missing_fields_ground_truth.filter((f) => !named.has(normaliseFieldName(f)));
  return {
    ...base,
    verdict: missed.length === 0 ? 'pass' : 'fail',
    value: `recall ${fmt(recall)}`,
    reason: missed.length === 0 ? `named every missing field (${list(row.missing_fields_ground_truth)})` : `did not name ${list(missed)}`,
  };
}

function invalidStepsCheck(steps: readonly TrajectoryStep[]): TaskCheck {
  const invalid = steps.filter((s) => !s.protocol_valid);
  const first = invalid[0];
  return {
    key: 'protocol_valid',
    label: 'Protocol-valid turns',
    verdict: invalid.length === 0 ? 'pass' : 'fail',
    value: `${steps.length - invalid.length} / ${steps.length}`,
    reason:
      first === undefined
        ? 'every turn named a usable action and design'
        : `${plural(invalid.length, 'turn')} could not be used; first at step ${first.step}: ${first.invalid_reason ?? 'invalid'}`,
  };
}

function feasibilityReason(s: DesignState, what: string): string {
  return s.result.feasible ? `the ${what} meets every constraint` : `the ${what} violates ${list(s.result.violations)} (total violation ${fmt(s.result.total_violation, 4)})`;
}

function ratioCheck(final: DesignState, bkf: number, counted: boolean, countedAs: string): TaskCheck {
  const ratio = powerRatio(final, bkf);
  return {
    key: 'power_ratio',
    label: 'Power vs best-known-feasible',
    verdict: 'info',
    value: fmt(ratio),
    reason: `final power ${power(final.result.load_power_uw)} is ${fmt(ratio)} × the best-known-feasible ${power(bkf)}; ${counted ? `counts towards ${countedAs}` : `counts as 0 towards ${countedAs} because the final design is not a success`}`,
  };
}

function p2Checks(row: P2Row): TaskCheck[] {
  const s = summariseP2(row);
  const infeasibleSteps = row.steps.filter((st) => {
    const state = evaluatedState(st);
    return state !== null && !state.result.feasible;
  }).length;
  return [
    parseCheck(row),
    invalidStepsCheck(row.steps),
    {
      key: 'first_step_feasible',
      label: 'First proposal feasible (P2a)',
      verdict: s.firstStepFeasible ? 'pass' : 'fail',
      value: s.firstStepFeasible ? 'yes' : 'no',
      reason: row.steps[0] === undefined ? 'the agent made no proposal' : s.firstStepFeasible ? 'the first evaluated proposal is feasible' : 'the first turn was not a feasible evaluated design',
    },
    {
      key: 'final_feasible',
      label: 'Final design feasible',
      verdict: s.finalFeasible ? 'pass' : 'fail',
      value: s.finalFeasible ? 'yes' : 'no',
      reason: row.budget_stop !== undefined ? `stopped by the episode budget (${row.budget_stop}), which never counts as feasible` : feasibilityReason(row.final, 'final design'),
    },
    {
      key: 'violations',
      label: 'Constraint violations along the way',
      verdict: 'info',
      value: `${infeasibleSteps} / ${s.queries}`,
      reason: `${plural(infeasibleSteps, 'evaluated design')} of ${s.queries} violated some constraint; total violation went from ${fmt(row.initial.result.total_violation, 4)} (initial) to ${fmt(row.final.result.total_violation, 4)} (final); ${s.violationReduced} of ${plural(s.transitions, 'transition')} reduced it`,
    },
    ratioCheck(row.final, row.bkf_power_uw, s.finalFeasible, 'P2b'),
    {
      key: 'budget',
      label: 'Query budget',
      verdict: row.budget_stop !== undefined || s.queries > row.query_budget ? 'fail' : 'pass',
      value: `${s.queries} / ${row.query_budget}`,
      reason:
        s.queries > row.query_budget
          ? `used ${s.queries} oracle queries, more than the budget of ${row.query_budget}`
          : `used ${s.queries} of ${row.query_budget} oracle queries${row.budget_stop !== undefined ? `; the episode budget (${row.budget_stop}) stopped it first` : ''}`,
    },
    statusCheck(row),
  ];
}

function p3Checks(row: P3Row): TaskCheck[] {
  const s = summariseP3(row);
  const trapV = row.trap.result.total_violation;
  const trapViolations = new Set(row.trap.result.violations);
  const escapeStep = row.steps.find((st) => {
    const state = evaluatedState(st);
    return state !== null && state.result.total_violation < trapV - ESCAPE_EPS;
  });
  const replanStep = row.steps.find((st) => st.action === 'replan' || st.action === 'reset_to_prior');
  let cascadeReason = 'no escape, so a cascade is not judged';
  if (s.cascade === true && escapeStep !== undefined) {
    const from = row.steps.indexOf(escapeStep);
    const culprit = row.steps.slice(from).find((st) => evaluatedState(st)?.result.violations.some((v) => !trapViolations.has(v)));
    const newViolations = culprit?.state?.result.violations.filter((v) => !trapViolations.has(v)) ?? [];
    cascadeReason = `after escaping, step ${culprit?.step ?? '?'} violates ${list(newViolations)}, which the trap satisfied (dormant constraint: ${row.dormant_constraint})`;
  } else if (s.cascade === false) cascadeReason = 'after escaping, no evaluated design broke a constraint the trap satisfied';
  return [
    parseCheck(row),
    invalidStepsCheck(row.steps),
    {
      key: 'escape',
      label: 'Escaped the trap',
      verdict: s.escaped ? 'pass' : 'fail',
      value: s.escaped ? `step ${escapeStep?.step ?? '?'}` : 'no',
      reason: s.escaped
        ? `step ${escapeStep?.step ?? '?'} has total violation ${fmt(evaluatedState(escapeStep as TrajectoryStep)?.result.total_violation ?? Number.NaN, 4)}, below the trap's ${fmt(trapV, 4)}`
        : `no evaluated design had less total violation than the trap's ${fmt(trapV, 4)} (trap violates ${list(row.trap.result.violations)})`,
    },
    {
      key: 'replan',
      label: 'Replan / reset',
      verdict: 'info',
      value: replanStep ? (replanStep.action ?? '') : 'no',
      reason: replanStep ? `the agent chose ${replanStep.action} at step ${replanStep.step}` : 'the agent never chose replan or reset_to_prior',
    },
    {
      key: 'cascade',
      label: 'No cascade',
      verdict: s.cascade === null ? 'na' : s.cascade ? 'fail' : 'pass',
      value: s.cascade === null ? '—' : s.cascade ? 'cascade' : 'none',
      reason: cascadeReason,
    },
    {
      key: 'dead_budget',
      label: 'Moved away from the trap',
      verdict: s.dead ? 'fail' : 'pass',
      value: s.dead ? 'dead budget' : 'moved',
      reason: s.dead ? 'no evaluated design differs from the trap by more than 0.1 % in any variable' : 'at least one evaluated design moved away from the trap',
    },
    {
      key: 'success',
      label: 'Recovered (final feasible)',
      verdict: s.success ? 'pass' : 'fail',
      value: s.success ? 'yes' : 'no',
      reason: row.budget_stop !== undefined ? `stopped by the episode budget (${row.budget_stop}), which never counts as a recovery` : feasibilityReason(row.final, 'final design'),
    },
    ratioCheck(row.final, row.bkf_power_uw, s.success, 'recovery quality'),
    statusCheck(row),
  ];
}

function p4Checks(row: P4Row): TaskCheck[] {
  const s = summariseP4(row);
  const oracle = row.oracle_order.join(' ≻ ');
  const notParsed = { verdict: 'fail' as const, value: '—', reason: 'no valid ranking, which scores 0' };
  return [
    {
      key: 'parse_ok',
      label: 'Ranking is a permutation',
      verdict: s.parsed ? 'pass' : 'fail',
      value: s.parsed ? 'yes' : 'no',
      reason: s.parsed
        ? `the ranking orders each of the ${row.candidate_ids.length} candidates once`
        : row.predicted_order === null
          ? 'no ranking parsed from the reply'
          : `the ranking (${row.predicted_order.join(', ')}) is not a permutation of the candidates ${row.candidate_ids.join(', ')}`,
    },
    {
      key: 'kendall_tau',
      label: 'Kendall τb vs oracle',
      verdict: s.parsed ? 'info' : 'fail',
      value: fmt(s.tau),
      reason: s.parsed ? `τb = ${fmt(s.tau)} between the agent's order and the oracle's ${oracle} (1 is identical, −1 reversed)` : notParsed.reason,
    },
    {
      key: 'exact',
      label: 'Exact order',
      ...(s.parsed ? { verdict: s.exact ? 'pass' : 'fail', value: s.exact ? 'yes' : 'no', reason: s.exact ? `matches the oracle's order ${oracle}` : `the oracle's order is ${oracle}` } : notParsed),
    },
    {
      key: 'top1',
      label: 'Top-1 correct',
      ...(s.parsed
        ? { verdict: s.top1 ? 'pass' : 'fail', value: row.predicted_order?.[0] ?? '—', reason: s.top1 ? `ranked the oracle's best, ${row.oracle_order[0] ?? '—'}, first` : `ranked ${row.predicted_order?.[0] ?? '—'} first; the oracle's best is ${row.oracle_order[0] ?? '—'}` }
        : notParsed),
    },
    {
      key: 'top2',
      label: 'Top-2 set correct',
      ...(s.parsed ? { verdict: s.top2 ? 'pass' : 'fail', value: s.top2 ? 'yes' : 'no', reason: `the oracle's top two are ${row.oracle_order.slice(0, 2).join(' and ')}` } : notParsed),
    },
    {
      key: 'pairwise',
      label: 'Pairs in oracle order',
      verdict: 'info',
      value: fmt(s.pairwiseAccuracy),
      reason: `${fmt(100 * s.pairwiseAccuracy, 1)} % of candidate pairs are ordered as the oracle orders them`,
    },
    {
      key: 'policy_pairs',
      label: 'Policy-sensitive pairs',
      verdict: s.policyPairs === 0 ? 'na' : s.policyPairsCorrect === s.policyPairs ? 'pass' : 'fail',
      value: s.policyPairs === 0 ? '—' : `${s.policyPairsCorrect} / ${s.policyPairs}`,
      reason: s.policyPairs === 0 ? 'this task has no pair whose order depends on the policy' : `${s.policyPairsCorrect} of ${plural(s.policyPairs, 'pair')} whose order depends on the ${row.policy} policy are ordered as the oracle orders them`,
    },
    {
      key: 'dominance',
      label: 'No dominated candidate ranked above its dominator',
      verdict: s.paretoPairs === 0 ? 'na' : s.paretoDiscordant === 0 && s.parsed ? 'pass' : 'fail',
      value: s.paretoPairs === 0 ? '—' : `${s.paretoDiscordant} / ${s.paretoPairs}`,
      reason: s.paretoPairs === 0 ? 'no candidate Pareto-dominates another' : s.parsed ? `${plural(s.paretoDiscordant, 'Pareto pair')} of ${s.paretoPairs} ranked the dominated design above the dominating one` : notParsed.reason,
    },
    {
      key: 'candidates_unmodified',
      label: 'Candidates left unchanged',
      verdict: s.modified ? 'fail' : 'pass',
      value: s.modified ? 'modified' : 'unchanged',
      reason: s.modified ? 'the agent tried to alter a fixed candidate, which counts as a violation' : 'the agent ranked the candidates as given',
    },
    statusCheck(row),
  ];
}
