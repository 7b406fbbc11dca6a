/**
 * The circuit audit inherits issue 17's checks through the suite contract (selectTasks, rederive):
 * the same forgeries on a random-agent run over the shipped circuit bank's P2 tasks fail verify,
 * naming the task and the field; the untouched run verifies as replayed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createNodeCircuitOracle } from '../../src/adapters/node/circuit-wasm.ts';
import { loadShippedBank } from '../../src/adapters/node/suite-environments.ts';
import { getCircuitAgent } from '../../src/core/circuit-audit/agents/index.ts';
import type { CircuitRunManifest } from '../../src/core/circuit-audit/run/manifest.ts';
import { runCircuitSuite } from '../../src/core/circuit-audit/run/run-suite.ts';
import type { CircuitRow } from '../../src/core/circuit-audit/metrics/rows.ts';
import type { CircuitTranscript } from '../../src/core/circuit-audit/protocol/transcript.ts';
import { circuitSuite } from '../../src/core/circuit-audit/suite.ts';
import type { CircuitTask } from '../../src/core/circuit-audit/task-schema.ts';
import type { AnySuite } from '../../src/core/suite/contract.ts';
import type { SuiteMetrics } from '../../src/core/suite/metrics.ts';
import { verifyRun, type ShippedBank, type VerifyReport } from '../../src/core/verify/verify.ts';

interface Bundle {
  manifest: CircuitRunManifest;
  rows: CircuitRow[];
  metrics: SuiteMetrics;
  transcripts: CircuitTranscript[];
}

let bank: ShippedBank;
let pristine = '';

beforeAll(async () => {
  bank = await loadShippedBank(circuitSuite as unknown as AnySuite);
  const tasks = (bank.tasks as CircuitTask[]).filter((t) => t.probe === 'P2');
  let t = Date.UTC(2026, 0, 1);
  const r = await runCircuitSuite({ tasks, agent: getCircuitAgent('random'), oracle: await createNodeCircuitOracle(), clock: () => (t += 1), seed: 42, appVersion: 'forgery', bankHash: bank.hash, filters: { probe: 'P2' } });
  pristine = JSON.stringify({ manifest: r.manifest, rows: r.rows, metrics: r.metrics, transcripts: r.transcripts });
}, 60_000);

const load = (): Bundle => JSON.parse(pristine) as Bundle;

async function forgeAndVerify(edit: (b: Bundle) => void): Promise<VerifyReport> {
  const b = load();
  edit(b);
  const oracle = await createNodeCircuitOracle();
  for (const t of b.transcripts) for (const e of t.events) if (e.type === 'circuit_oracle_call') e.result = await oracle.evaluate(e.request);
  b.rows = b.transcripts.map((t) => circuitSuite.deriveRow(t));
  b.metrics = circuitSuite.computeMetrics(b.rows, { seed: b.manifest.seed });
  return verifyRun(circuitSuite, { results: b, transcripts: b.transcripts }, { env: await createNodeCircuitOracle(), bank });
}

const diffOn = (r: VerifyReport, taskId: string, field: RegExp) => r.tasks.find((t) => t.task_id === taskId)?.diffs.find((d) => field.test(d.path));

describe('circuit audit: forgeries fail verify', () => {
  it('the untouched run verifies, replayed', async () => {
    const r = await forgeAndVerify(() => undefined);
    expect(r.file_diffs.concat(r.metric_diffs, r.tasks.flatMap((t) => t.diffs))).toEqual([]);
    expect(r).toMatchObject({ outcome: 'verified', verdict: 'replayed' });
  });

  it('a loosened limit in every logged request', async () => {
    const r = await forgeAndVerify((b) => {
      for (const t of b.transcripts) for (const e of t.events) if (e.type === 'circuit_oracle_call') e.request.constraints.max_target_error_pct = 1e9;
    });
    expect(r.outcome).toBe('mismatch');
    expect(diffOn(r, load().transcripts[0]!.task.task_id, /^events\[\d+\]\.request\.constraints\.max_target_error_pct$/)).toBeDefined();
  });

  it('a status changed and a task dropped', async () => {
    const b0 = load();
    const victim = b0.transcripts.slice(1).find((t) => t.status !== 'completed') ?? b0.transcripts[1]!;
    const r = await forgeAndVerify((b) => {
      const t = b.transcripts.find((x) => x.task.task_id === victim.task.task_id)!;
      t.status = t.status === 'completed' ? 'budget_exceeded' : 'completed';
      b.transcripts.splice(0, 1);
    });
    expect(diffOn(r, victim.task.task_id, /^status$/)).toBeDefined();
    expect(r.file_diffs.some((d) => d.path === 'tasks[0].task_id' && d.recomputed === b0.transcripts[0]!.task.task_id)).toBe(true);
  });

  it('a reply rewritten: the built-in agent re-run from the seed answers otherwise', async () => {
    const b0 = load();
    const t0 = b0.transcripts[2]!;
    const at = t0.events.findIndex((e) => e.type === 'reply');
    const r = await forgeAndVerify((b) => {
      const e = b.transcripts[2]!.events[at];
      if (e?.type === 'reply') e.text = '{"action":"stop","reason":"done"}';
    });
    expect(diffOn(r, t0.task.task_id, new RegExp(`^events\\[${at}\\]\\.text$`))).toBeDefined();
  });
});
