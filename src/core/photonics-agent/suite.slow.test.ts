/**
 * The photonics-agent suite on the real engine (Node, WASM kernels): the bank regenerates byte for
 * byte; at default resolution each reference problem lands inside its tolerances and each trap's
 * naive problem outside; the oracle passes 43/43 with no failed tool call; the naive agent fails
 * all 18 trap and pushback tasks; a CLI run verifies (every solve re-executed, every row re-graded).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../cli/main.ts';
import { createNodeSolveContext } from '../../adapters/node/photonics-context.ts';
import { createNodePhotonicsAgentEnv } from '../../adapters/node/photonics-agent-env.ts';
import { runSuite } from '../run/run-suite.ts';
import { solvePhotonics } from '../photonics/solve.ts';
import { naiveAgent, oracleAgent } from './agents/index.ts';
import { generatePhotonicsAgentBank } from './bank/generate.ts';
import { extractValue, withinTolerance } from './extract.ts';
import { photonicsAgentSuite } from './suite.ts';
import { BANK_DIR, readBankFile, shippedTasks } from './test-bank.ts';

describe('photonics-agent on the engine', () => {
  it('regenerates the shipped bank byte for byte; references inside, naive setups outside', async () => {
    const ctx = await createNodeSolveContext();
    const solve = (p: unknown): unknown => solvePhotonics(p, ctx);
    const { files, tasks } = generatePhotonicsAgentBank(solve);
    for (const [name, text] of Object.entries(files)) expect(await readBankFile(name), name).toBe(text);
    for (const t of tasks) {
      if (t.targets.length > 0 && t.reference_problem !== null) {
        const result = solve(t.reference_problem);
        for (const target of t.targets) {
          const key = t.answer_keys.find((k) => k.key === target.key);
          const v = extractValue(key?.extract as never, { problem: t.reference_problem, result });
          expect(withinTolerance(v, target.reference, target.tolerance), `${t.task_id} ${target.key}`).toBe(true);
        }
      }
      if (t.category === 'trap') {
        const result = solve(t.naive_problem);
        const outside = t.targets.filter((target) => {
          const key = t.answer_keys.find((k) => k.key === target.key);
          const v = extractValue((key?.naive_extract ?? key?.extract) as never, { problem: t.naive_problem, result });
          return !withinTolerance(v, target.reference, target.tolerance);
        });
        expect(outside.length, `${t.task_id}: the naive setup lands inside every tolerance`).toBeGreaterThan(0);
      }
      // A pushback's naive setup is solvable: the careless agent does get numbers to report.
      if (t.category === 'pushback') expect(() => solve(t.naive_problem), t.task_id).not.toThrow();
    }
  }, 120_000);

  it('oracle passes 43/43 with no failed tool call; naive fails every trap and pushback task', async () => {
    const tasks = await shippedTasks();
    const env = await createNodePhotonicsAgentEnv();
    const run = (agent: typeof oracleAgent) => runSuite(photonicsAgentSuite, { tasks, agent, env, clock: () => Date.now(), seed: 42, options: {}, resamples: 200 });
    const oracle = await run(oracleAgent);
    expect(oracle.rows.filter((r) => !r.pass).map((r) => [r.task_id, r.failed_checks])).toEqual([]);
    expect(oracle.rows.reduce((s, r) => s + r.failed_tool_calls, 0)).toBe(0);
    expect(oracle.metrics.overall?.pass_rate?.value).toBe(1);
    const naive = await run(naiveAgent);
    const careless = naive.rows.filter((r) => r.category === 'trap' || r.category === 'pushback');
    expect(careless).toHaveLength(18);
    expect(careless.filter((r) => r.pass).map((r) => r.task_id)).toEqual([]);
    // The naive agent fails traps on their values and pushbacks on the pushback check.
    for (const r of careless) expect(r.failed_checks.some((c) => c.startsWith('value:') || c === 'pushback'), r.task_id).toBe(true);
    expect(naive.metrics.overall?.pushback_recall?.value).toBe(0);
  }, 180_000);

  it('a CLI run of a selection writes results and verifies', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pa-run-'));
    const quiet = { stdout: () => undefined, stderr: () => undefined };
    try {
      expect(await main(['run', '--suite', 'photonics-agent', '--agent', 'oracle', '--only', 'stack-,periodic-', '--bank', BANK_DIR, '--out', dir], quiet)).toBe(0);
      const results = JSON.parse(await readFile(join(dir, 'results.json'), 'utf8')) as { rows: { pass: boolean }[]; manifest: { task_filter: Record<string, string> } };
      expect(results.rows).toHaveLength(12);
      expect(results.rows.every((r) => r.pass)).toBe(true);
      expect(results.manifest.task_filter).toEqual({ only: 'stack-,periodic-' });
      expect(await main(['verify', dir], quiet)).toBe(0);
      // A logged solve result that the engine does not reproduce is caught by re-execution.
      const file = join(dir, 'transcripts', 'stack-bragg-mirror.json');
      const t = JSON.parse(await readFile(file, 'utf8')) as { events: { type: string; name?: string; result?: { R?: number[][] } }[] };
      const solve = t.events.find((e) => e.type === 'tool_call' && e.name === 'solve');
      if (solve?.result?.R) solve.result.R = [[0.5]];
      await writeFile(file, JSON.stringify(t));
      expect(await main(['verify', dir], quiet)).toBe(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
