/**
 * The circuit audit's scoring for the comparison layers (src/core/suite/scoring.ts). The same four
 * probes as VEHBench, graded through this suite's own per-row summaries:
 * - P1: pass on the gold action; score 1 or 0.
 * - P2: pass on a feasible final design; score its objective ratio to the best-known feasible design.
 * - P3: pass on a successful recovery; outcome score 1/0 (P3 success is a rate), grade score the ratio.
 * - P4: pass on the oracle's exact order; score Kendall τb.
 * Headline normalisation for profiles: τ maps (τ + 1) / 2, the rest clip to [0, 1].
 */
import { actionCheck, protocolFailures, rankingFailures, type FailedCheck, type IndexedStatistic, type MetricDirection, type SuiteScoring, type TaskGrade, type TaskOutcome } from '../suite/scoring.ts';
import { circuitP1Composite } from './metrics/p1.ts';
import { p2b, summariseCircuitP2 } from './metrics/p2.ts';
import { summariseCircuitP3 } from './metrics/p3.ts';
import { meanTau, summariseCircuitP4 } from './metrics/p4.ts';
import type { CircuitP1Row, CircuitP2Row, CircuitP3Row, CircuitP4Row, CircuitRow } from './metrics/rows.ts';
import { hadParseFailure } from './metrics/trajectory.ts';
import type { CircuitTranscript } from './protocol/transcript.ts';
import { CIRCUIT_HEADLINES } from './run/results-file.ts';

const clip01 = (x: number): number => Math.min(1, Math.max(0, x));
const pick = <T>(items: readonly T[], indices: readonly number[]): T[] => indices.map((i) => items[i] as T);

/** Lower is better: failure and error rates of the circuit tables (Table 40–43's "↓" columns). */
const LOWER_IS_BETTER = new Set(['parse_failure_rate', 'spurious_propose', 'unsafe_propose', 'protocol_invalid_rate', 'violation_rate', 'over_edit_rate', 'cascade_rate', 'dead_budget_rate', 'reset_rate']);
const NEUTRAL = new Set(['queries', 'mean_log_edit_delta']);

function outcome(row: CircuitRow): TaskOutcome {
  switch (row.probe) {
    case 'P1': {
      const pass = row.predicted_action !== null && row.predicted_action === row.gold_action;
      return { pass, score: pass ? 1 : 0 };
    }
    case 'P2': {
      const s = summariseCircuitP2(row);
      return { pass: s.finalFeasible, score: s.finalFeasible ? s.finalRatio : 0 };
    }
    case 'P3': {
      const s = summariseCircuitP3(row);
      return { pass: s.success, score: s.success ? 1 : 0 };
    }
    case 'P4': {
      const s = summariseCircuitP4(row);
      return { pass: s.exact, score: s.tau };
    }
  }
}

const violated = (row: CircuitP2Row | CircuitP3Row): string => row.final.result.violations.map((v) => v.constraint).join(', ') || 'a constraint';

function grade(row: CircuitRow): TaskGrade {
  const failed: FailedCheck[] = protocolFailures(row, hadParseFailure(row));
  const done = (pass: boolean, score: number): TaskGrade => ({ status: row.status, pass, score, failed });
  switch (row.probe) {
    case 'P1': {
      const pass = actionCheck(row, failed);
      return done(pass, pass ? 1 : 0);
    }
    case 'P2': {
      const s = summariseCircuitP2(row);
      if (!row.final.result.feasible) failed.push({ check: 'final_feasible', detail: `final design violates ${violated(row)}` });
      return done(s.finalFeasible, s.finalFeasible ? s.finalRatio : 0);
    }
    case 'P3': {
      const s = summariseCircuitP3(row);
      if (!s.escaped) failed.push({ check: 'escape', detail: 'no evaluated design had less violation than the trap' });
      if (s.cascade === true) failed.push({ check: 'cascade', detail: 'an escape violated a constraint the trap satisfied' });
      if (!row.final.result.feasible) failed.push({ check: 'success', detail: `final design violates ${violated(row)}` });
      return done(s.success, s.success ? s.finalRatio : 0);
    }
    case 'P4': {
      const s = summariseCircuitP4(row);
      failed.push(...rankingFailures(s, hadParseFailure(row)));
      return done(s.exact, s.tau);
    }
  }
}

function headlineStatistic(group: string, rows: readonly CircuitRow[]): IndexedStatistic {
  const wrong = rows.find((r) => r.probe !== group);
  if (wrong) throw new RangeError(`headlineStatistic(${group}): row ${wrong.task_id} belongs to ${wrong.probe}`);
  switch (group) {
    case 'P1': {
      const p1 = rows as readonly CircuitP1Row[];
      return (idx) => circuitP1Composite(pick(p1, idx));
    }
    case 'P2': {
      const s = (rows as readonly CircuitP2Row[]).map(summariseCircuitP2);
      return (idx) => p2b(pick(s, idx));
    }
    case 'P3': {
      const s = (rows as readonly CircuitP3Row[]).map(summariseCircuitP3);
      return (idx) => (idx.length === 0 ? null : pick(s, idx).filter((x) => x.success).length / idx.length);
    }
    case 'P4': {
      const s = (rows as readonly CircuitP4Row[]).map(summariseCircuitP4);
      return (idx) => meanTau(pick(s, idx));
    }
    default:
      throw new RangeError(`headlineStatistic: ${group} is not a circuit-audit probe`);
  }
}

function metricDirection(key: string): MetricDirection {
  if (LOWER_IS_BETTER.has(key)) return 'lower';
  if (NEUTRAL.has(key)) return 'neutral';
  return 'higher';
}

export const circuitScoring: SuiteScoring<CircuitRow, CircuitTranscript> = {
  groupOf: (row) => row.probe,
  outcome,
  scoreLabel: {
    P1: 'correct action (1 = correct, 0 = wrong)',
    P2: 'objective / best-known feasible (0 if infeasible)',
    P3: 'recovered (1 = feasible final, 0 = not)',
    P4: 'Kendall τb (−1 to 1)',
  },
  scoreDomain: (group, scores) => {
    if (group === 'P4') return [-1, 1];
    let top = 0;
    for (const s of scores) if (Number.isFinite(s) && s > top) top = s;
    return [0, Math.max(1, Math.ceil(top * 10) / 10)];
  },
  headlineStatistic,
  normaliseHeadline: (group, value) => (group === 'P4' ? clip01((value + 1) / 2) : clip01(value)),
  metricDirection,
  metricLabel: (group, key) => (CIRCUIT_HEADLINES[group]?.key === key ? (CIRCUIT_HEADLINES[group]?.label ?? key) : key.replace(/_/g, ' ')),
  grade,
  agentCalls: (t) => t.events.filter((e) => e.type === 'circuit_oracle_call' && e.purpose === 'agent').length,
  passRule:
    'Pass: P1 gold action, P2 feasible final design, P3 successful recovery, P4 exact order. Score: 1/0 for P1, objective / best-known feasible of a passing final design for P2/P3, Kendall τ for P4. Tool calls are the circuit-oracle evaluations the agent asked for.',
};
