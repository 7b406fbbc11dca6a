/**
 * A photonics-agent run through the generic layers: the run export round-trips through import with
 * the registry, its per-task summary lines carry pass, score and the failed checks in words, and the
 * ATIF trajectory shows each tool call under its own name.
 */
import { describe, expect, it } from 'vitest';
import { createNodePhotonicsAgentEnv } from '../../adapters/node/photonics-agent-env.ts';
import { transcriptToAtif } from '../export/atif.ts';
import { parseRunFile } from '../export/import-run.ts';
import { buildRunExport } from '../export/run-export.ts';
import { runSuite } from '../run/run-suite.ts';
import { SUITES } from '../suites.ts';
import { naiveAgent } from './agents/index.ts';
import { photonicsAgentSuite } from './suite.ts';
import { shippedTasks } from './test-bank.ts';
import type { AnySuite } from '../suite/contract.ts';

describe('photonics-agent runs in the generic layers', () => {
  it('export, import, summary lines and ATIF', async () => {
    const tasks = (await shippedTasks()).filter((t) => t.kind === 'circuit');
    const env = await createNodePhotonicsAgentEnv();
    let ms = Date.UTC(2026, 11, 2);
    const run = await runSuite(photonicsAgentSuite, { tasks, agent: naiveAgent, env, clock: () => (ms += 7), seed: 42, options: {}, bankHash: 'b', resamples: 100 });
    const file = buildRunExport(photonicsAgentSuite as unknown as AnySuite, run, { exported_at: '2026-12-02T00:00:00.000Z', app_version: 't', build_id: null, suite_version: photonicsAgentSuite.descriptor.version });
    const back = parseRunFile(SUITES, 'run.json', JSON.stringify(file));
    expect(back.rows).toEqual(run.rows);
    expect(back.transcripts).toEqual(run.transcripts);
    const splitter = file.tasks.find((t) => t.task_id === 'circuit-push-splitter');
    expect(splitter).toMatchObject({ pass: false });
    expect(JSON.stringify(splitter)).toMatch(/did not decline/);
    const atif = transcriptToAtif(photonicsAgentSuite.interop, run.transcripts[0] as (typeof run.transcripts)[number], run.manifest);
    expect(JSON.stringify(atif)).toMatch(/"function_name":"solve"/);
  });
});
