/**
 * `proving-ground run --suite veh --agent <id> [--probe P1] [--split dev] [--seed N]
 *  [--p3-variant raw_history|state_summary] [--bank DIR] --out DIR`
 * Runs a built-in agent over the (filtered) VEH bank with the Node oracle and writes results.json,
 * results.md and transcripts/<task_id>.json to DIR. Ctrl-C cancels: the finished tasks are kept
 * and written with status 'cancelled'.
 */
import { performance } from 'node:perf_hooks';
import { EXIT_USAGE, UsageError, filterRecord, filterTasks, parseFlags, parseProbe, parseSeed, parseSplit, parseSuite, type TaskFilter } from '../args.ts';
import type { CommandIo } from '../io.ts';
import type { Agent, Clock } from '../../src/core/agent/types.ts';
import { getBuiltinAgent } from '../../src/core/veh/agents/index.ts';
import { loadVehBank } from '../../src/core/veh/bank/load.ts';
import { P3VariantSchema, type P3Variant } from '../../src/core/veh/protocol/prompts.ts';
import { runSuite } from '../../src/core/run/run-suite.ts';
import { headlineLine, metricsText } from '../../src/core/run/metrics-text.ts';
import { DEFAULT_RUN_SEED, type VehOracle } from '../../src/core/run/types.ts';
import { createNodeVehOracle } from '../../src/adapters/node/veh-wasm.ts';
import { DEFAULT_VEH_BANK_DIR, appVersion, bankHash, bankTextReader, writeRunOutput } from '../../src/adapters/node/run-files.ts';

export interface RunArgs extends TaskFilter {
  agent: string;
  out: string;
  seed: number;
  p3Variant: P3Variant;
  bank: string;
}

/** Parses the flags; throws a UsageError naming the problem. */
export function parseRunArgs(args: readonly string[]): RunArgs {
  const { values } = parseFlags(args, {
    suite: { type: 'string' },
    agent: { type: 'string' },
    probe: { type: 'string' },
    split: { type: 'string' },
    seed: { type: 'string' },
    'p3-variant': { type: 'string' },
    out: { type: 'string' },
    bank: { type: 'string' },
  });
  parseSuite(values.suite);
  const agent = values.agent;
  if (!agent) throw new UsageError('--agent is required');
  const out = values.out;
  if (!out) throw new UsageError('--out DIR is required');
  const probe = parseProbe(values.probe);
  const split = parseSplit(values.split);
  const seed = parseSeed(values.seed, DEFAULT_RUN_SEED);
  const variant = P3VariantSchema.safeParse(values['p3-variant'] ?? 'raw_history');
  if (!variant.success) throw new UsageError(`--p3-variant must be ${P3VariantSchema.options.join(' or ')}`);
  return { agent, out, probe, split, seed, p3Variant: variant.data, bank: values.bank ?? DEFAULT_VEH_BANK_DIR };
}

export interface RunCommandDeps {
  oracle?: VehOracle | Promise<VehOracle>;
  clock?: Clock;
  /** Cancels the run (the CLI wires Ctrl-C to it). */
  signal?: AbortSignal;
}

export async function runCommand(args: string[], io: CommandIo, deps: RunCommandDeps = {}): Promise<number> {
  let a: RunArgs;
  let agent: Agent;
  try {
    a = parseRunArgs(args);
    agent = getBuiltinAgent(a.agent);
  } catch (e) {
    io.stderr(`run: ${(e as Error).message}`);
    return EXIT_USAGE;
  }
  const { tasks: all } = await loadVehBank(bankTextReader(a.bank));
  const filters = filterRecord(a);
  const tasks = filterTasks(all, a);
  if (tasks.length === 0) {
    io.stderr(`run: no tasks match ${JSON.stringify(filters)}`);
    return EXIT_USAGE;
  }
  const oracle = await (deps.oracle ?? createNodeVehOracle());
  const controller = new AbortController();
  const onSigint = (): void => controller.abort();
  deps.signal?.addEventListener('abort', onSigint, { once: true });
  if (!deps.signal) process.once('SIGINT', onSigint);

  io.stderr(`run: ${agent.id} on ${tasks.length} tasks (${Object.entries(filters).map(([k, v]) => `${k}=${v}`).join(', ') || 'all'}), seed ${a.seed}, oracle ${oracle.backendId}`);
  const every = Math.max(1, Math.floor(tasks.length / 20));
  const t0 = performance.now();
  try {
    const result = await runSuite({
      tasks,
      agent,
      oracle,
      clock: deps.clock ?? (() => Date.now()),
      seed: a.seed,
      p3Variant: a.p3Variant,
      signal: controller.signal,
      appVersion: await appVersion(),
      bankHash: await bankHash(a.bank),
      filters,
      onProgress: (p) => {
        if (p.done % every === 0 || p.done === p.total) io.stderr(`  [${p.done}/${p.total}] ${p.task_id}`);
      },
    });
    const runMs = performance.now() - t0;
    await writeRunOutput(a.out, result);
    io.stdout(metricsText(result.metrics));
    io.stdout(`headline: ${headlineLine(result.metrics)}`);
    io.stdout(
      `${result.status}: ${result.rows.length}/${tasks.length} tasks in ${(runMs / 1000).toFixed(2)} s (wall, run only); wrote ${a.out}/results.json, results.md, transcripts/ (${result.transcripts.length} files)`,
    );
    if (result.status === 'failed') {
      io.stderr(`run: stopped early: ${result.error ?? 'the oracle failed'}`);
      return 1;
    }
    return 0;
  } finally {
    process.removeListener('SIGINT', onSigint);
  }
}
