/**
 * The photonics-agent engine in its worker thread answers what the in-process engine answers: the
 * same rows, byte for byte, and the same solve/compare/optimize results and error messages in the
 * transcripts (estimates carry measured seconds, so only their presence is compared), for the
 * oracle and the naive agent; a problem the engine refuses fails with the same message. The thread
 * is stopped by dispose(), also with a solve in flight.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { naiveAgent, oracleAgent } from '../../core/photonics-agent/agents/index.ts';
import { photonicsAgentSuite } from '../../core/photonics-agent/suite.ts';
import { shippedTasks } from '../../core/photonics-agent/test-bank.ts';
import { runSuite } from '../../core/run/run-suite.ts';
import { createInProcessPhotonicsAgentEnv, createNodePhotonicsAgentEnv } from './photonics-agent-env.ts';

const threaded = createNodePhotonicsAgentEnv();
afterAll(async () => (await threaded).dispose());

// Fast kinds (a few ms a solve); the slow ones are covered by the CLI's Ctrl-C test, which compares rows too.
const PREFIXES = ['scat-', 'stack-', 'circuit-', 'mode-soi-slab', 'mode-trap', 'mode-push', 'periodic-lamellar'];

function engineCalls(transcripts: readonly { events: readonly { type: string; name?: string; result?: unknown; error?: string | null }[] }[]): unknown[] {
  return transcripts.flatMap((t) => t.events.filter((e) => e.type === 'tool_call').map((e) => [e.name, e.error, e.name === 'estimate' ? e.result !== null : e.result]));
}

describe('photonics solver thread', () => {
  it('gives the in-process engine\'s rows, results and errors', async () => {
    const tasks = (await shippedTasks()).filter((t) => PREFIXES.some((p) => t.task_id.startsWith(p)));
    expect(tasks.length).toBeGreaterThan(20);
    const inProcess = await createInProcessPhotonicsAgentEnv();
    const env = await threaded;
    expect(env.backendId).toBe(inProcess.backendId);
    for (const agent of [oracleAgent, naiveAgent]) {
      const run = (e: typeof env | typeof inProcess) => {
        let t = 0;
        return runSuite(photonicsAgentSuite, { tasks, agent, env: e, clock: () => (t += 1), seed: 42, options: {}, resamples: 50 });
      };
      const [a, b] = [await run(inProcess), await run(env)];
      expect(JSON.stringify(b.rows)).toBe(JSON.stringify(a.rows));
      expect(JSON.stringify(engineCalls(b.transcripts))).toBe(JSON.stringify(engineCalls(a.transcripts)));
    }
  }, 60_000);

  it('an invalid problem fails with the engine\'s own message; dispose stops a solve in flight', async () => {
    const inProcess = await createInProcessPhotonicsAgentEnv();
    const env = await createNodePhotonicsAgentEnv();
    const bad = { kind: 'scattering', wavelength_nm: -1 };
    const want = await Promise.resolve().then(() => inProcess.solve(bad)).then(() => 'no error', (e: Error) => e.message);
    expect(want).not.toBe('no error');
    expect(await Promise.resolve(env.solve(bad)).catch((e: Error) => e.message)).toBe(want);
    const task = (await shippedTasks()).find((t) => t.task_id === 'optimization-compact-bend');
    const inFlight = Promise.resolve(env.solve(task?.reference_problem)).then(() => 'finished', (e: Error) => e.message);
    const t0 = performance.now();
    await env.dispose();
    expect(await inFlight).toMatch(/closed/);
    expect(performance.now() - t0).toBeLessThan(1000);
  }, 30_000);
});
