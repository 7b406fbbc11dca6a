/** The page's photonics-agent environment over the worker API (run in process here, as the fake worker does for the other worker tests). */
import { describe, expect, it } from 'vitest';
import { createNodeSolveContext } from '../node/photonics-context.ts';
import { createPhotonicsAgentEnv } from '../../core/photonics-agent/environment.ts';
import { runSuite } from '../../core/run/run-suite.ts';
import { oracleAgent } from '../../core/photonics-agent/agents/index.ts';
import { photonicsAgentSuite } from '../../core/photonics-agent/suite.ts';
import { shippedTasks } from '../../core/photonics-agent/test-bank.ts';
import { createWorkerPhotonicsAgentEnv } from './photonics-agent-env.ts';

describe('createWorkerPhotonicsAgentEnv', () => {
  it('answers the tools asynchronously and the oracle passes the tasks it runs', async () => {
    const ctx = await createNodeSolveContext();
    const local = createPhotonicsAgentEnv(ctx, () => performance.now(), 'wasm');
    const worker = {
      backends: { mie: ctx.backends.mie, tmm: ctx.backends.tmm, linalg: ctx.backends.linalg, skipped: [] },
      solve: async (p: unknown) => Promise.resolve({ result: await local.solve(p), ms: 1 }),
      estimate: async (p: unknown) => Promise.resolve(await local.estimate(p)),
      materials: () => Promise.resolve(ctx.materials.list()),
    };
    const env = await createWorkerPhotonicsAgentEnv(worker);
    expect(env.backendId).toBe('wasm');
    const tasks = (await shippedTasks()).filter((t) => t.kind === 'layer_stack' || t.kind === 'circuit');
    const r = await runSuite(photonicsAgentSuite, { tasks, agent: oracleAgent, env, clock: () => Date.now(), seed: 42, options: {}, resamples: 100 });
    expect(r.rows.filter((row) => !row.pass)).toEqual([]);
    expect(r.rows).toHaveLength(13);
  });
});
