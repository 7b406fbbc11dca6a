/**
 * `proving-ground run --suite circuit --agent reference|always-propose|last-state|random
 *  [--probe P1] [--split dev] [--seed N] [--bank DIR] [--p3-variant state_summary] --out DIR`
 * `proving-ground run --suite circuit --provider openai|anthropic|gemini --model ID … --out DIR`
 * Runs a built-in circuit agent, or your own model, over the (filtered) circuit audit bank
 * (paper App. R) and writes results.json, results.md and transcripts/<task_id>.json to DIR, like the
 * VEH runner. Ctrl-C cancels: the finished tasks are kept and written with status 'cancelled'.
 */
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { EXIT_USAGE, UsageError, filterRecord, filterTasks, parseFlags, parseProbe, parseSeed, parseSplit } from '../args.ts';
import type { CommandIo } from '../io.ts';
import type { Agent, Clock } from '../../src/core/agent/types.ts';
import { getCircuitAgent } from '../../src/core/circuit-audit/agents/index.ts';
import type { CircuitOracle } from '../../src/core/circuit-audit/oracle.ts';
import { loadCircuitBank } from '../../src/core/circuit-audit/bank/load.ts';
import { createNodeCircuitOracle } from '../../src/adapters/node/circuit-wasm.ts';
import { CircuitResultsFileSchema, renderCircuitResultsMarkdown, toCircuitResultsFile } from '../../src/core/circuit-audit/run/results-file.ts';
import { CircuitTranscriptSchema, type CircuitTranscript } from '../../src/core/circuit-audit/protocol/transcript.ts';
import { scoreCircuitTranscripts } from '../../src/core/circuit-audit/run/score.ts';
import { diffMetrics } from '../../src/core/run/compare-metrics.ts';
import { runCircuitSuite, type CircuitRunResult } from '../../src/core/circuit-audit/run/run-suite.ts';
import { P3VariantSchema, type P3Variant } from '../../src/core/veh/protocol/prompts.ts';
import type { Timers } from '../../src/core/llm/budget.ts';
import type { FetchLike } from '../../src/core/llm/types.ts';
import { DEFAULT_PRICES, type PriceTable } from '../../src/core/llm/prices.ts';
import { headlineLine, metricsText } from '../../src/core/run/metrics-text.ts';
import { DEFAULT_RUN_SEED } from '../../src/core/run/types.ts';
import { DEFAULT_CIRCUIT_BANK_DIR, RESULTS_JSON, RESULTS_MD, TRANSCRIPTS_DIR, appVersion, bankHash, bankTextReader, transcriptFileName } from '../../src/adapters/node/run-files.ts';
import { MODEL_FLAGS, buildCliLlmAgent, hasModelFlags, nodeTimers, parseModelArgs, type ModelRunArgs } from './run-llm.ts';

export interface CircuitRunArgs {
  agent: string | null;
  model: ModelRunArgs | null;
  probe: ReturnType<typeof parseProbe>;
  split: ReturnType<typeof parseSplit>;
  seed: number;
  out: string;
  bank: string;
  p3Variant: P3Variant;
}

export function parseCircuitRunArgs(args: readonly string[]): CircuitRunArgs {
  const { values } = parseFlags(args, {
    suite: { type: 'string' },
    agent: { type: 'string' },
    probe: { type: 'string' },
    split: { type: 'string' },
    seed: { type: 'string' },
    out: { type: 'string' },
    bank: { type: 'string' },
    'p3-variant': { type: 'string' },
    ...MODEL_FLAGS,
  });
  if (values.suite !== 'circuit') throw new UsageError('run-circuit needs --suite circuit');
  const agent = values.agent ?? null;
  const modelRun = hasModelFlags(values);
  if (agent !== null && modelRun) throw new UsageError('--agent runs a built-in agent; --provider/--model run your own model: give one or the other');
  if ((agent === null || agent === '') && !modelRun) throw new UsageError('--agent is required (or --provider … --model … to run your own model)');
  if (!values.out) throw new UsageError('--out DIR is required');
  const p3 = P3VariantSchema.safeParse(values['p3-variant'] ?? 'raw_history');
  if (!p3.success) throw new UsageError(`--p3-variant must be raw_history or state_summary, not "${values['p3-variant'] ?? ''}"`);
  return {
    agent,
    model: modelRun ? parseModelArgs(values) : null,
    probe: parseProbe(values.probe),
    split: parseSplit(values.split),
    seed: parseSeed(values.seed, DEFAULT_RUN_SEED),
    out: values.out,
    bank: values.bank ?? DEFAULT_CIRCUIT_BANK_DIR,
    p3Variant: p3.data,
  };
}

/** results.json, results.md and one transcript per task; transcripts of an earlier run in DIR are removed first. */
export async function writeCircuitRunOutput(dir: string, result: CircuitRunResult): Promise<void> {
  const tdir = join(dir, TRANSCRIPTS_DIR);
  await mkdir(tdir, { recursive: true });
  for (const name of await readdir(tdir)) if (name.endsWith('.json')) await rm(join(tdir, name));
  const used = new Set<string>();
  for (const t of result.transcripts) {
    let name = transcriptFileName(t.task.task_id);
    for (let k = 2; used.has(name); k++) name = transcriptFileName(`${t.task.task_id}~${k}`);
    used.add(name);
    await writeFile(join(tdir, name), `${JSON.stringify(t, null, 2)}\n`);
  }
  await writeFile(join(dir, RESULTS_JSON), `${JSON.stringify(toCircuitResultsFile(result), null, 2)}\n`);
  await writeFile(join(dir, RESULTS_MD), renderCircuitResultsMarkdown(result));
}

export interface CircuitRunDeps {
  oracle?: CircuitOracle | Promise<CircuitOracle>;
  clock?: Clock;
  signal?: AbortSignal;
  env?: Readonly<Record<string, string | undefined>>;
  fetch?: FetchLike;
  timers?: Timers;
  prices?: PriceTable;
}

export async function runCircuitCommand(args: readonly string[], io: CommandIo, deps: CircuitRunDeps = {}): Promise<number> {
  const clock = deps.clock ?? ((): number => Date.now());
  const timers = deps.timers ?? nodeTimers;
  let a: CircuitRunArgs;
  let agent: Agent;
  try {
    a = parseCircuitRunArgs(args);
    agent = a.model
      ? buildCliLlmAgent(a.model, { env: deps.env ?? process.env, fetch: deps.fetch ?? ((url, init) => fetch(url, init)), clock, timers, prices: deps.prices ?? DEFAULT_PRICES })
      : getCircuitAgent(a.agent ?? '');
  } catch (e) {
    io.stderr(`run: ${(e as Error).message}`);
    return EXIT_USAGE;
  }
  let all;
  try {
    // Checks every bank file's size and SHA-256 against the bank manifest before a task runs.
    all = (await loadCircuitBank(bankTextReader(a.bank))).tasks;
  } catch (e) {
    io.stderr(`run: ${(e as Error).message}`);
    return 1;
  }
  const filters = filterRecord(a);
  const tasks = filterTasks(all, a);
  if (tasks.length === 0) {
    io.stderr(`run: no circuit tasks match ${JSON.stringify(filters)}`);
    return EXIT_USAGE;
  }
  // The WASM oracle when it loads (after `npm run build:wasm`), else the TypeScript reference.
  const oracle = await (deps.oracle ?? createNodeCircuitOracle());
  const controller = new AbortController();
  const onSigint = (): void => controller.abort();
  deps.signal?.addEventListener('abort', onSigint, { once: true });
  if (!deps.signal) process.once('SIGINT', onSigint);
  io.stderr(`run: ${agent.id} on ${tasks.length} circuit tasks (${Object.entries(filters).map(([k, v]) => `${k}=${v}`).join(', ') || 'all'}), seed ${a.seed}, oracle ${oracle.backendId}`);
  const t0 = performance.now();
  try {
    const result = await runCircuitSuite({
      tasks,
      agent,
      oracle,
      clock,
      seed: a.seed,
      signal: controller.signal,
      appVersion: await appVersion(),
      bankHash: await bankHash(a.bank),
      filters,
      ...(a.p3Variant === 'state_summary' ? { p3Variant: a.p3Variant } : {}),
      ...(a.model ? { budget: a.model.budget, timers } : {}),
      onProgress: (p) => {
        if (a.model || p.done === p.total || p.done % 10 === 0) io.stderr(`  [${p.done}/${p.total}] ${p.task_id} ${p.transcript.status}`);
      },
    });
    const runMs = performance.now() - t0;
    await writeCircuitRunOutput(a.out, result);
    io.stdout(metricsText(result.metrics));
    io.stdout(`headline: ${headlineLine(result.metrics)}`);
    io.stdout(`${result.status}: ${result.rows.length}/${tasks.length} circuit tasks in ${(runMs / 1000).toFixed(2)} s; wrote ${a.out}/${RESULTS_JSON}, ${RESULTS_MD}, ${TRANSCRIPTS_DIR}/ (${result.transcripts.length} files)`);
    if (result.status === 'failed') {
      io.stderr(`run: stopped early: ${result.error ?? 'the oracle failed'}`);
      return 1;
    }
    return 0;
  } finally {
    process.removeListener('SIGINT', onSigint);
  }
}

/** True when DIR holds a circuit run (its results.json says suite "circuit"). */
export async function isCircuitRunDir(dir: string): Promise<boolean> {
  try {
    const raw = JSON.parse(await readFile(join(dir, RESULTS_JSON), 'utf8')) as { suite?: unknown };
    return raw.suite === 'circuit';
  } catch {
    return false;
  }
}

async function readCircuitTranscripts(dir: string): Promise<CircuitTranscript[]> {
  const tdir = join(dir, TRANSCRIPTS_DIR);
  const names = (await readdir(tdir)).filter((n) => n.endsWith('.json')).sort();
  const out: CircuitTranscript[] = [];
  for (const name of names) {
    const parsed = CircuitTranscriptSchema.safeParse(JSON.parse(await readFile(join(tdir, name), 'utf8')));
    if (!parsed.success) throw new Error(`${join(tdir, name)} is not a valid circuit transcript: ${parsed.error.issues[0]?.message ?? 'schema mismatch'}`);
    out.push(parsed.data);
  }
  return out;
}

/**
 * `score DIR` for a circuit run: re-derives every row from the transcripts alone, recomputes the
 * metrics with the run's seed and compares them with results.json. Exit 0 when they agree, 1 when a
 * metric differs (each named), 2 when there is nothing to score.
 */
export async function scoreCircuitDir(dir: string, io: CommandIo): Promise<number> {
  let transcripts: CircuitTranscript[];
  let saved;
  try {
    transcripts = await readCircuitTranscripts(dir);
    saved = CircuitResultsFileSchema.parse(JSON.parse(await readFile(join(dir, RESULTS_JSON), 'utf8')));
  } catch (e) {
    io.stderr(`score: ${(e as Error).message}`);
    return EXIT_USAGE;
  }
  if (transcripts.length === 0) {
    io.stderr(`score: no transcripts in ${dir}`);
    return EXIT_USAGE;
  }
  const { rows, metrics } = scoreCircuitTranscripts(transcripts, saved.manifest.seed);
  io.stdout(`rescored ${rows.length} circuit tasks from transcripts alone`);
  io.stdout(metricsText(metrics));
  io.stdout(`headline: ${headlineLine(metrics)}`);
  const diffs = diffMetrics(saved.metrics, metrics);
  if (saved.rows.length !== rows.length) diffs.unshift(`row count: results.json ${saved.rows.length} vs transcripts ${rows.length}`);
  if (diffs.length === 0) {
    io.stdout('metrics equal the saved results: yes');
    return 0;
  }
  io.stdout(`metrics equal the saved results: NO (${diffs.length} differences)`);
  for (const d of diffs) io.stdout(`  ${d}`);
  return 1;
}
