/**
 * The photonics agent figures (issue 16):
 *  1. the oracle agent over all 43 tasks in Node, through the real tool loop and in-process tools
 *     (goal: under 60 s on the 2-core machine), with the slowest tasks;
 *  2. one `solve` call of a Mie sphere through `proving-ground mcp` (stdio, official SDK client)
 *     against the same call in process: median round trip of interleaved calls, and the ratio.
 */
import { fileURLToPath } from 'node:url';
import { connectMcpTools } from '../src/adapters/node/mcp-client-tools.ts';
import { createNodePhotonicsAgentEnv } from '../src/adapters/node/photonics-agent-env.ts';
import { oracleAgent } from '../src/core/photonics-agent/agents/index.ts';
import { engineTools } from '../src/core/photonics-agent/environment.ts';
import { photonicsAgentSuite } from '../src/core/photonics-agent/suite.ts';
import { shippedTasks } from '../src/core/photonics-agent/test-bank.ts';
import { runSuite } from '../src/core/run/run-suite.ts';

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

const env = await createNodePhotonicsAgentEnv();
const tasks = await shippedTasks();
const t0 = performance.now();
const run = await runSuite(photonicsAgentSuite, { tasks, agent: oracleAgent, env, clock: () => Date.now(), seed: 42, options: {} });
const wall = (performance.now() - t0) / 1000;
const passed = run.rows.filter((r) => r.pass).length;
const slowest = [...run.rows].sort((a, b) => b.wall_ms - a.wall_ms).slice(0, 3);
console.log(`oracle agent, 43 tasks, Node, in-process tools (${env.backendId}): ${wall.toFixed(1)} s wall, ${passed}/43 passed, ${run.rows.reduce((s, r) => s + r.failed_tool_calls, 0)} failed tool calls`);
console.log(`  slowest: ${slowest.map((r) => `${r.task_id} ${(r.wall_ms / 1000).toFixed(1)} s`).join(', ')}`);

const problem = { kind: 'scattering', particle: { shape: 'sphere', radius_nm: 50, material: 'Au' }, medium: 'H2O', wavelength_nm: 530 };
const signal = new AbortController().signal;
const local = engineTools(env).find((t) => t.name === 'solve');
const server = await connectMcpTools({ command: process.execPath, args: [fileURLToPath(new URL('../cli/proving-ground.mjs', import.meta.url)), 'mcp'] });
const remote = server.tools.find((t) => t.name === 'solve');
if (!local || !remote) throw new Error('no solve tool');
const N = 200;
const inProcess: number[] = [];
const overMcp: number[] = [];
for (let i = 0; i < 20; i++) await remote.handler({ problem }, signal);
for (let i = 0; i < N; i++) {
  let s = performance.now();
  // The loop's own path: the handler's result JSON-encoded as the tool message.
  JSON.stringify(await Promise.resolve(local.handler({ problem }, signal)));
  inProcess.push(performance.now() - s);
  s = performance.now();
  await remote.handler({ problem }, signal);
  overMcp.push(performance.now() - s);
}
await server.close();
const a = median(inProcess);
const b = median(overMcp);
console.log(`one Mie solve (Au sphere r = 50 nm in water, 530 nm), median of ${N} interleaved calls: in-process ${(a * 1000).toFixed(0)} µs, over stdio MCP ${(b * 1000).toFixed(0)} µs (${(b / a).toFixed(1)}× the in-process call)`);
