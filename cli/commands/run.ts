/**
 * `proving-ground run --suite veh --agent <id> [--probe P1] [--split dev] [--seed N]
 *  [--p3-variant raw_history|state_summary] [--bank DIR] --out DIR`
 * Runs a built-in agent over the (filtered) VEH bank with the Node oracle and writes results.json,
 * results.md and transcripts/<task_id>.json to DIR. Ctrl-C cancels: the finished tasks are kept
 * and written with status 'cancelled'.
 */
import { performance } from 'node:perf_hooks';
import type { CommandIo } from '../io.ts';
import type { Agent, Clock } from '../../src/core/agent/types.ts';
import { getBuiltinAgent } from '../../src/core/veh/agents/index.ts';
import { loadVehBank } from '../../src/core/veh/bank/load.ts';
import { P3VariantSchema, type P3Variant } from '../../src/core/veh/protocol/prompts.ts';
import { PROBES, SPLITS, type VehTask } from '../../src/core/veh/task-schema.ts';
import { runSuite } from '../../src/core/run/run-suite.ts';
import { headlineLine, metricsText } from '../../src/core/run/metrics-text.ts';
import { DEFAULT_RUN_SEED, type VehOracle } from '../../src/core/run/types.ts';
import { createNodeVehOracle } from '../../src/adapters/node/veh-wasm.ts';
import { DEFAULT_VEH_BANK_DIR, appVersion, bankHash, bankTextReader, writeRunOutput } from '../../src/adapters/node/run-files.ts';

export const EXIT_USAGE = 2;

export interface RunArgs {
  agent: string;
  out: string;
  probe: string | null;
  split: string | null;
  seed: number;
  p3Variant: P3Variant;
  bank: string;
}

const FLAGS = ['--suite', '--agent', '--probe', '--split', '--seed', '--p3-variant', '--out', '--bank'] as const;

/** Parses the flags; throws a usage message naming the problem. */
export function parseRunArgs(args: readonly string[]): RunArgs {
  const values = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const raw = args[i] as string;
    const [flag, inline] = raw.includes('=') ? [raw.slice(0, raw.indexOf('=')), raw.slice(raw.indexOf('=') + 1)] : [raw, undefined];
    if (!(FLAGS as readonly string[]).includes(flag)) throw new Error(`unknown argument "${raw}"`);
    const value = inline ?? args[++i];
    if (value === undefined || value.startsWith('--')) throw new Error(`${flag} needs a value`);
    values.set(flag, value);
  }
  const suite = values.get('--suite') ?? 'veh';
  if (suite !== 'veh') throw new Error(`unknown suite "${suite}"; available: veh`);
  const agent = values.get('--agent');
  if (!agent) throw new Error('--agent is required');
  const out = values.get('--out');
  if (!out) throw new Error('--out DIR is required');
  const probe = values.get('--probe')?.toUpperCase() ?? null;
  if (probe !== null && !(PROBES as readonly string[]).includes(probe)) throw new Error(`--probe must be one of ${PROBES.join(', ')}`);
  const split = values.get('--split') ?? null;
  if (split !== null && !(SPLITS as readonly string[]).includes(split)) throw new Error(`--split must be one of ${SPLITS.join(', ')}`);
  const seedText = values.get('--seed') ?? String(DEFAULT_RUN_SEED);
  const seed = Number(seedText);
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) throw new Error(`--seed must be an integer in [0, 2^32), got "${seedText}"`);
  const variant = P3VariantSchema.safeParse(values.get('--p3-variant') ?? 'raw_history');
  if (!variant.success) throw new Error(`--p3-variant must be ${P3VariantSchema.options.join(' or ')}`);
  return { agent, out, probe, split, seed, p3Variant: variant.data, bank: values.get('--bank') ?? DEFAULT_VEH_BANK_DIR };
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
  const filters: Record<string, string> = {};
  if (a.probe) filters.probe = a.probe;
  if (a.split) filters.split = a.split;
  const tasks = all.filter((t: VehTask) => (!a.probe || t.probe === a.probe) && (!a.split || t.split === a.split));
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
