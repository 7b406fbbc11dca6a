/**
 * The forger of issue 17: edits a run as a reviewer who wants to cheat would, then redoes every
 * piece of arithmetic the project's own code can redo — re-executes the (edited) logged oracle
 * requests for fresh results, re-derives the rows, recomputes the metrics and the task usage — so
 * that only the checks that prove the result, not its arithmetic, can catch the edit.
 */
import { expect } from 'vitest';
import { reportLines } from '../../cli/commands/verify.ts';
import { createNodeVehOracle } from '../../src/adapters/node/veh-wasm.ts';
import { loadShippedBank } from '../../src/adapters/node/suite-environments.ts';
import type { Agent } from '../../src/core/agent/types.ts';
import type { AnySuite } from '../../src/core/suite/contract.ts';
import { taskUsage } from '../../src/core/run/usage.ts';
import { vehSuite } from '../../src/core/veh/suite.ts';
import { runVehSuite } from '../../src/core/veh/run/run-veh.ts';
import type { RunBundle } from '../../src/core/veh/run/results-file.ts';
import type { VehOracle } from '../../src/core/veh/run/types.ts';
import type { Transcript } from '../../src/core/veh/run/transcript.ts';
import type { VehTask } from '../../src/core/veh/task-schema.ts';
import { verifyRun, type ShippedBank, type VerifyReport } from '../../src/core/verify/verify.ts';

let shipped: Promise<ShippedBank> | null = null;
export const vehBank = (): Promise<ShippedBank> => (shipped ??= loadShippedBank(vehSuite as unknown as AnySuite));

function countingClock(): () => number {
  let t = Date.UTC(2026, 0, 1);
  return () => (t += 1);
}

/** A run of `agent` over the shipped bank's tasks with these facet values, as the CLI makes it. */
export async function vehRun(agent: Agent, filters: Record<string, string>, seed = 42): Promise<string> {
  const bank = await vehBank();
  const tasks = (bank.tasks as VehTask[]).filter((t) => Object.entries(filters).every(([k, v]) => (t as unknown as Record<string, unknown>)[k] === v));
  const r = await runVehSuite({ tasks, agent, oracle: await createNodeVehOracle(), clock: countingClock(), seed, appVersion: 'forgery', bankHash: bank.hash, filters });
  return JSON.stringify({ status: r.status, error: r.error, manifest: r.manifest, rows: r.rows, metrics: r.metrics, transcripts: r.transcripts });
}

export const load = (json: string): RunBundle => JSON.parse(json) as RunBundle;

/** Redo the arithmetic: fresh results for the logged requests, rows, metrics, usage. */
export async function rebuild(b: RunBundle, opts: { reexecute?: boolean } = {}): Promise<RunBundle> {
  const oracle: VehOracle = await createNodeVehOracle();
  if (opts.reexecute !== false) {
    for (const t of b.transcripts) {
      for (const e of t.events) if (e.type === 'oracle_call') e.result = await oracle.evaluate(e.request);
    }
  }
  b.rows = b.transcripts.map((t) => vehSuite.deriveRow(t));
  b.metrics = vehSuite.computeMetrics(b.rows, { seed: b.manifest.seed });
  const withUsage = b as RunBundle & { task_usage?: unknown };
  if (withUsage.task_usage) withUsage.task_usage = b.transcripts.map((t) => taskUsage(t));
  return b;
}

export async function verify(b: RunBundle, bank?: ShippedBank): Promise<VerifyReport> {
  return verifyRun(vehSuite, { results: b, transcripts: b.transcripts }, { env: await createNodeVehOracle(), bank: bank ?? (await vehBank()) });
}

/** What the CLI prints for the report (control characters escaped). */
export function printed(b: RunBundle, r: VerifyReport): string {
  return reportLines('forged.json', 'run download', { results: b, transcripts: b.transcripts }, r, 'wasm').join('\n');
}

/**
 * The forgery is caught: the file is a mismatch, a diff names the task and the field (`field`
 * matches its path), and the printed report names the task (a `mismatch <task>:` section, or a
 * file-level line naming task and field).
 */
export function expectCaught(b: RunBundle, r: VerifyReport, taskId: string, field: RegExp): void {
  expect(r.outcome).toBe('mismatch');
  const text = printed(b, r);
  const perTask = r.tasks.find((t) => t.task_id === taskId && t.outcome === 'mismatch');
  if (perTask?.diffs.some((d) => field.test(d.path))) {
    expect(text).toContain(`  mismatch ${taskId}:`);
    return;
  }
  const fileDiff = r.file_diffs.find((d) => field.test(d.path) && JSON.stringify(d).includes(taskId));
  expect(fileDiff, `no diff on ${field.source} naming ${taskId}:\n${text}\n${JSON.stringify(perTask?.diffs ?? [], null, 1).slice(0, 3000)}`).toBeDefined();
}

export const transcriptOf = (b: RunBundle, pred: (t: Transcript) => boolean): Transcript => {
  const t = b.transcripts.find(pred);
  if (!t) throw new Error('the run has no such transcript');
  return t;
};
