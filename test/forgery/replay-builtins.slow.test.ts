/**
 * Issue 17, done-when: an untouched full run of every built-in agent verifies as `replayed` — each
 * episode re-run from the seed reproduces every reply byte for byte — read back as the page exports
 * it (buildRunExport, then the page's own import parseRunFile) and as the CLI writes it (results +
 * transcripts through JSON), with the same content hash either way. The agents compute with the
 * deterministic math layer (src/core/math), so a page run replays in Node and a Node run in the page.
 */
import { SUITES } from '../../src/core/suites.ts';
import { describe, expect, it } from 'vitest';
import { createNodeCircuitOracle } from '../../src/adapters/node/circuit-wasm.ts';
import { createNodeVehOracle } from '../../src/adapters/node/veh-wasm.ts';
import { loadShippedBank } from '../../src/adapters/node/suite-environments.ts';
import { CIRCUIT_AGENTS } from '../../src/core/circuit-audit/agents/index.ts';
import { runCircuitSuite } from '../../src/core/circuit-audit/run/run-suite.ts';
import { circuitSuite } from '../../src/core/circuit-audit/suite.ts';
import type { CircuitTask } from '../../src/core/circuit-audit/task-schema.ts';
import { parseRunFile } from '../../src/core/export/import-run.ts';
import { buildRunExport } from '../../src/core/export/run-export.ts';
import type { AnySuite } from '../../src/core/suite/contract.ts';
import { BUILTIN_AGENTS } from '../../src/core/veh/agents/index.ts';
import { runVehSuite } from '../../src/core/veh/run/run-veh.ts';
import { vehSuite } from '../../src/core/veh/suite.ts';
import type { VehTask } from '../../src/core/veh/task-schema.ts';
import { verifyRun } from '../../src/core/verify/verify.ts';

const clock = (): (() => number) => {
  let t = Date.UTC(2026, 0, 1);
  return () => (t += 1);
};
const problems = (r: Awaited<ReturnType<typeof verifyRun>>) => r.file_diffs.concat(r.metric_diffs, r.tasks.flatMap((t) => t.diffs)).slice(0, 5);

describe('every built-in agent replays (full banks)', () => {
  it.each(BUILTIN_AGENTS.map((a) => a.id))('veh %s: page export and CLI files both verify as replayed', async (id) => {
    const bank = await loadShippedBank(vehSuite as unknown as AnySuite);
    const agent = BUILTIN_AGENTS.find((a) => a.id === id)!;
    const r = await runVehSuite({ tasks: bank.tasks as VehTask[], agent, oracle: await createNodeVehOracle(), clock: clock(), seed: 42, appVersion: 'replay', bankHash: bank.hash });
    const exported = buildRunExport(vehSuite as unknown as AnySuite, r, { exported_at: '2026-01-01T00:00:00.000Z', app_version: 'replay', build_id: null, suite_version: null });
    const page = parseRunFile(SUITES, 'export.json', JSON.stringify(exported));
    const fromPage = await verifyRun(vehSuite, { results: page, transcripts: page.transcripts }, { env: await createNodeVehOracle(), bank });
    expect(problems(fromPage)).toEqual([]);
    expect(fromPage).toMatchObject({ outcome: 'verified', verdict: 'replayed' });
    // As the CLI writes and `verify` reads it: results.json and the transcripts, through JSON.
    const cli = JSON.parse(JSON.stringify({ results: { manifest: r.manifest, rows: r.rows, metrics: r.metrics }, transcripts: r.transcripts })) as never;
    const fromCli = await verifyRun(vehSuite, cli, { env: await createNodeVehOracle(), bank });
    expect(fromCli).toMatchObject({ outcome: 'verified', verdict: 'replayed', content_sha256: fromPage.content_sha256 });
  }, 300_000);

  it.each(CIRCUIT_AGENTS.map((a) => a.id))('circuit %s: verifies as replayed', async (id) => {
    const bank = await loadShippedBank(circuitSuite as unknown as AnySuite);
    const agent = CIRCUIT_AGENTS.find((a) => a.id === id)!;
    const r = await runCircuitSuite({ tasks: bank.tasks as CircuitTask[], agent, oracle: await createNodeCircuitOracle(), clock: clock(), seed: 42, appVersion: 'replay', bankHash: bank.hash });
    const read = JSON.parse(JSON.stringify({ results: { manifest: r.manifest, rows: r.rows, metrics: r.metrics }, transcripts: r.transcripts })) as never;
    const v = await verifyRun(circuitSuite, read, { env: await createNodeCircuitOracle(), bank });
    expect(problems(v)).toEqual([]);
    expect(v).toMatchObject({ outcome: 'verified', verdict: 'replayed' });
  }, 120_000);
});
