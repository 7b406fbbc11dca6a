/** Run summaries for the leaderboard tests: only the fields a test varies are parameters. Not used by production code. */
import type { StoredRunSummary, StoredTask } from '../store/run-store.ts';
import type { VehRow } from '../veh/rows.ts';

export function summary(over: Partial<StoredRunSummary> & { store_id: string }): StoredRunSummary {
  return {
    run_id: over.store_id,
    source: 'local',
    status: 'completed',
    suite: 'veh',
    agent_id: 'reference',
    label: over.store_id,
    model: null,
    task_count: 0,
    done_count: 0,
    started_at: '2026-11-30T10:00:00.000Z',
    finished_at: '2026-11-30T10:05:00.000Z',
    bank_hash: 'bank-1',
    app_version: '0.1.0',
    seed: 42,
    recipe: null,
    imported_from: null,
    imported_at: null,
    verification: null,
    error: null,
    ...over,
  };
}

/** Rows as the store returns them, task_index in order. */
export const stored = (rows: readonly VehRow[]): StoredTask[] => rows.map((row, task_index) => ({ task_index, row }));

/** A copy of a row under another task id (pairing is by task id). */
export const withId = <R extends VehRow>(row: R, task_id: string): R => ({ ...row, task_id });
