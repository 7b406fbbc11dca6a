import { describe, expect, it } from 'vitest';
import { circuitReferenceAgent } from './agents/reference-agent.ts';
import type { CircuitP2Row } from './metrics/rows.ts';
import { p1Task, p2Task, p3Task, p4Task } from './protocol/test-fixtures.ts';
import type { CircuitTranscript } from './protocol/transcript.ts';
import { referenceCircuitOracle } from './run/reference-oracle.ts';
import { runCircuitSuite, type CircuitRunResult } from './run/run-suite.ts';
import { verifyRun, type VerifyInput } from '../verify/verify.ts';
import type { CircuitRow } from './metrics/rows.ts';
import type { CircuitRunManifest } from './run/manifest.ts';
import { circuitSuite } from './suite.ts';

type CircuitVerifyInput = VerifyInput<CircuitRow, CircuitTranscript, CircuitRunManifest>;

const TASKS = [p1Task('propose_design'), p1Task('declare_infeasible'), p2Task(), p3Task(), p4Task()];
const BANK_HASH = 'bank-sha-under-test';
const RESAMPLES = 200;

async function referenceRun(): Promise<CircuitRunResult> {
  let now = 0;
  return runCircuitSuite({ tasks: TASKS, agent: circuitReferenceAgent, oracle: referenceCircuitOracle, clock: () => (now += 1), seed: 11, bankHash: BANK_HASH, resamples: RESAMPLES });
}

/** A file as it would be read back: JSON round trip, so edits never touch the run object. */
const asRead = (r: CircuitRunResult): CircuitVerifyInput =>
  JSON.parse(JSON.stringify({ results: { manifest: r.manifest, rows: r.rows, metrics: r.metrics }, transcripts: r.transcripts })) as CircuitVerifyInput;

const verify = (input: CircuitVerifyInput) => verifyRun(circuitSuite, input, { env: referenceCircuitOracle, bank: { hash: BANK_HASH, tasks: TASKS }, resamples: RESAMPLES });

describe('verifyRun on the circuit audit', () => {
  it('verifies an untouched reference run, replaying every logged oracle call', async () => {
    const r = await verify(asRead(await referenceRun()));
    expect(r.outcome).toBe('verified');
    expect(r.counts).toEqual({ verified: TASKS.length, mismatch: 0, unverifiable: 0 });
    expect(r.metric_diffs).toEqual([]);
    // P2 and P3 log oracle calls (initial/trap state and the agent's queries).
    expect(r.oracle_calls).toBeGreaterThan(0);
  });

  it('verifies a run of a task-id search (the page browser\'s `q`, which every suite offers) against the whole bank', async () => {
    const target = TASKS[2] as (typeof TASKS)[number];
    const q = target.task_id.toUpperCase();
    const selected = TASKS.filter((t) => t.task_id.toLowerCase().includes(q.toLowerCase()));
    expect(selected.length).toBeGreaterThan(0);
    expect(selected.length).toBeLessThan(TASKS.length);
    let now = 0;
    const run = await runCircuitSuite({ tasks: selected, filters: { q }, agent: circuitReferenceAgent, oracle: referenceCircuitOracle, clock: () => (now += 1), seed: 11, bankHash: BANK_HASH, resamples: RESAMPLES });
    expect(run.manifest.task_filter).toEqual({ q });
    const r = await verify(asRead(run));
    expect(r.file_diffs).toEqual([]);
    expect(r.outcome).toBe('verified');
    expect(r.counts.verified).toBe(selected.length);
  });

  it('flags an edited oracle result with the task id and the field', async () => {
    const input = asRead(await referenceRun());
    const t = input.transcripts.find((x) => x.task.probe === 'P3') as CircuitTranscript;
    const index = t.events.findIndex((e) => e.type === 'circuit_oracle_call');
    const ev = t.events[index];
    if (ev?.type !== 'circuit_oracle_call') throw new Error('fixture has no oracle call');
    ev.result.power_mw += 1;
    const r = await verify(input);
    expect(r.outcome).toBe('mismatch');
    const task = r.tasks.find((x) => x.task_id === t.task.task_id);
    expect(task?.outcome).toBe('mismatch');
    expect(task?.diffs[0]).toMatchObject({ check: 'reexecute', path: `events[${index}].result.power_mw` });
    expect(r.tasks.filter((x) => x.outcome === 'mismatch')).toHaveLength(1);
  });

  it('flags an edited score in a row and in the metrics', async () => {
    const input = asRead(await referenceRun());
    const row = input.results.rows.find((x) => x.probe === 'P2') as CircuitP2Row;
    row.final.result.objective *= 2;
    const p2b = input.results.metrics.P2?.p2b;
    if (!p2b) throw new Error('no P2b metric');
    p2b.value = 0.5;
    const r = await verify(input);
    expect(r.outcome).toBe('mismatch');
    expect(r.tasks.find((x) => x.task_id === row.task_id)?.diffs).toContainEqual(expect.objectContaining({ check: 'regrade', path: 'final.result.objective', claimed: row.final.result.objective }));
    expect(r.metric_diffs).toContainEqual(expect.objectContaining({ path: 'P2.p2b.value', claimed: 0.5, recomputed: 1 }));
  });

  it('flags a removed transcript under its task id', async () => {
    const input = asRead(await referenceRun());
    const removed = (input.transcripts as CircuitTranscript[]).splice(0, 1)[0] as CircuitTranscript;
    const r = await verify(input);
    expect(r.outcome).toBe('mismatch');
    expect(r.file_diffs).toContainEqual(expect.objectContaining({ path: 'row count', claimed: TASKS.length, recomputed: TASKS.length - 1 }));
    expect(r.tasks.find((x) => x.task_id === removed.task.task_id)).toMatchObject({ outcome: 'mismatch', task_index: null, diffs: [{ path: 'transcript' }] });
  });

  it('flags transcripts whose P3 variant contradicts the manifest', async () => {
    const input = asRead(await referenceRun());
    input.results.manifest.p3_variant = 'state_summary';
    const r = await verify(input);
    expect(r.outcome).toBe('mismatch');
    expect(r.tasks.every((t) => t.diffs.some((d) => d.check === 'settings' && d.path === 'settings.p3_variant'))).toBe(true);
  });

  it('flags a task snapshot that differs from the shipped bank, and is unverifiable under another bank', async () => {
    const input = asRead(await referenceRun());
    const t = input.transcripts[0] as CircuitTranscript;
    t.task.context.vin_v += 1;
    const r = await verify(input);
    expect(r.tasks.find((x) => x.task_id === t.task.task_id)?.diffs).toContainEqual(expect.objectContaining({ check: 'bank', path: 'task.context.vin_v' }));
    const other = await verifyRun(circuitSuite, asRead(await referenceRun()), { env: referenceCircuitOracle, bank: { hash: 'another', tasks: TASKS }, resamples: RESAMPLES });
    expect(other.outcome).toBe('unverifiable');
  });
});
