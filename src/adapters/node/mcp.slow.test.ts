/**
 * `proving-ground mcp` through the official SDK's stdio client: it lists the in-process tools with
 * the same names, descriptions and schemas, hands invalid calls back as error results with the
 * engine's message, and the oracle passes all 43 tasks through it with no failed tool call.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolDefinition } from '../../core/llm/tool-loop.ts';
import { oracleAgent } from '../../core/photonics-agent/agents/index.ts';
import { engineTools } from '../../core/photonics-agent/environment.ts';
import { photonicsAgentSuite } from '../../core/photonics-agent/suite.ts';
import { shippedTasks } from '../../core/photonics-agent/test-bank.ts';
import { runSuite } from '../../core/run/run-suite.ts';
import { connectMcpTools, type McpToolSession } from './mcp-client-tools.ts';
import { createMcpPhotonicsAgentEnv, createNodePhotonicsAgentEnv } from './photonics-agent-env.ts';

const SERVER = { command: process.execPath, args: [fileURLToPath(new URL('../../../cli/proving-ground.mjs', import.meta.url)), 'mcp'] };

let session: McpToolSession;
beforeAll(async () => {
  session = await connectMcpTools(SERVER);
}, 60_000);
afterAll(() => session.close());

describe('proving-ground mcp', () => {
  it('serves the in-process engine tools with their schemas and the server instructions', async () => {
    const local = engineTools(await createNodePhotonicsAgentEnv()).map(toolDefinition);
    expect(session.tools.map((t) => t.name)).toEqual(local.map((t) => t.name));
    expect(session.tools.map((t) => t.description)).toEqual(local.map((t) => t.description));
    expect(session.instructions).toMatch(/estimate\(problem\)/);
    const solve = session.tools.find((t) => t.name === 'solve');
    const result = (await solve?.handler({ problem: { kind: 'scattering', particle: { shape: 'sphere', radius_nm: 50, material: { n: 1.5, k: 0 } }, wavelength_nm: 500 } }, new AbortController().signal)) as { qsca: number[] };
    expect(result.qsca[0]).toBeGreaterThan(0);
    await expect(solve?.handler({ problem: { kind: 'scattering', particle: { shape: 'sphere', radius_nm: 50, material: { n: 1.5, k: -0.1 } }, wavelength_nm: 500 } }, new AbortController().signal)).rejects.toThrow(/describes gain/);
  }, 60_000);

  it('carries the oracle through all 43 tasks with no failed tool call', async () => {
    const tasks = await shippedTasks();
    const env = await createMcpPhotonicsAgentEnv(SERVER, { shared: true });
    try {
      const r = await runSuite(photonicsAgentSuite, { tasks, agent: oracleAgent, env, clock: () => Date.now(), seed: 42, options: {}, resamples: 200 });
      expect(r.rows.filter((row) => !row.pass).map((row) => [row.task_id, row.failed_checks])).toEqual([]);
      expect(r.rows.reduce((s, row) => s + row.failed_tool_calls, 0)).toBe(0);
      expect(r.rows).toHaveLength(43);
    } finally {
      await env.dispose();
    }
  }, 240_000);
});
