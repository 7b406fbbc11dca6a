/**
 * Hand-made runs for the analyses' tests: rows from the metric tests' factories, renamed to shared
 * task ids so two runs pair up. Not used by production code.
 */
import type { RunManifest } from '../run/manifest.ts';
import type { P2Row, P3Row, VehRow } from '../rows.ts';
import type { Split } from '../task-schema.ts';
import { p2Row, p3Row, state, validStep } from '../metrics/test-utils.ts';
import type { AnalysisRun } from './analysis-run.ts';

/** A trap with one stress violation (V = 1). */
const TRAP = (): ReturnType<typeof state> => state({ v: 1, violations: ['stress'] });

/**
 * P3 row by outcome: 'success' escapes to a feasible design; 'cascade' escapes the stress violation
 * but lands on a new displacement violation; 'stuck' never reduces the violation.
 */
export function p3Outcome(taskId: string, outcome: 'success' | 'cascade' | 'stuck', opts: { summary?: boolean; split?: Split } = {}): P3Row {
  const next =
    outcome === 'success'
      ? state({ power: 50 })
      : outcome === 'cascade'
        ? state({ v: 0.5, violations: ['displacement'] })
        : state({ v: 2, violations: ['stress'] });
  return { ...p3Row({ trap: TRAP(), steps: [validStep(next)] }), task_id: taskId, state_summary: opts.summary ?? false, split: opts.split ?? 'dev' };
}

export function withIds<R extends VehRow>(rows: readonly R[], prefix: string): R[] {
  return rows.map((r, i) => ({ ...r, task_id: `${prefix}-${i}` }));
}

/** A run without a manifest (analyses then name it by its id and group it on its own). */
export function bareRun(runId: string, rows: readonly VehRow[]): AnalysisRun {
  return { run_id: runId, manifest: null, rows };
}

/** A schema-valid manifest of a built-in agent run, with the run-time controls a test needs. */
export function testManifest(runId: string, agentId: string, extra: Record<string, unknown> = {}): RunManifest {
  const base: RunManifest = {
    schema_version: 2,
    run_id: runId,
    app_version: 'test',
    suite: 'veh',
    bank_hash: 'bank',
    task_filter: {},
    task_count: 0,
    agent: { id: agentId, label: agentId, description: '', privileged: false },
    query_budget_rule: { kind: 'task' },
    query_budget_rule_text: '',
    p3_variant: 'raw_history',
    seed: 42,
    max_retries: 2,
    oracle_backend: 'reference',
    started_at: '2026-01-01T00:00:00.000Z',
    finished_at: '2026-01-01T00:00:01.000Z',
    status: 'completed',
    decoding: '',
  };
  return { ...base, ...extra } as RunManifest;
}

/** P2 row that ends feasible with P/P_BKF = `ratio` (or infeasible when ratio is null) after `queries` moves. */
export function p2Outcome(taskId: string, ratio: number | null, queries = 1): P2Row {
  const steps = Array.from({ length: queries }, (_, i) =>
    validStep(i === queries - 1 && ratio !== null ? state({ power: ratio * 100 }) : state({ v: 1, violations: ['stress'] })),
  );
  return { ...p2Row({ initial: state({ v: 1, violations: ['stress'] }), steps, bkf: 100 }), task_id: taskId };
}
