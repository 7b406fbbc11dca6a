/**
 * `proving-ground run --suite veh --agent <id> [--probe P1] [--split dev] [--seed N]
 *  [--p3-variant raw_history|state_summary] [--bank DIR] --out DIR`
 * Audit controls (run-controls.ts): [--control default|neutral|targeted|wrong-boundary|state-summary-plus]
 *  [--subset appendix-d] [--sg-form A|B|C [--sg-groups N]] [--agent cmaes-matched --match-run DIR]
 * `proving-ground run --suite veh --provider openai|anthropic|gemini [--base-url URL] --model ID
 *  [--temperature T] [--max-output-tokens N] [--reasoning-effort none|low|medium|high] [--no-stream]
 *  [--max-retries N] [--max-turns N] [--max-cost-usd X] [--timeout-s S] … --out DIR`
 * Runs a built-in agent, or your own model (key from OPENAI_API_KEY, ANTHROPIC_API_KEY or
 * GEMINI_API_KEY), over the (filtered) VEH bank with the Node oracle and writes results.json,
 * results.md and transcripts/<task_id>.json to DIR. A model run prints its projected cost first
 * and the running cost as tasks finish. Ctrl-C cancels: the finished tasks are kept and written
 * with status 'cancelled'.
 */
import { performance } from 'node:perf_hooks';
import { EXIT_USAGE, UsageError, filterRecord, filterTasks, parseFlags, parseProbe, parseSeed, parseSplit, parseSuite, type TaskFilter } from '../args.ts';
import type { CommandIo } from '../io.ts';
import type { Agent, Clock } from '../../src/core/agent/types.ts';
import { getBuiltinAgent } from '../../src/core/veh/agents/index.ts';
import { loadVehBank } from '../../src/core/veh/bank/load.ts';
import { P3VariantSchema, type P3Variant } from '../../src/core/veh/protocol/prompts.ts';
import { runVehSuite } from '../../src/core/veh/run/run-veh.ts';
import { headlineLine, metricsText } from '../../src/core/run/metrics-text.ts';
import { DEFAULT_RUN_SEED } from '../../src/core/run/types.ts';
import { type VehOracle } from '../../src/core/veh/run/types.ts';
import { createNodeVehOracle } from '../../src/adapters/node/veh-wasm.ts';
import type { Timers } from '../../src/core/llm/budget.ts';
import type { PriceTable } from '../../src/core/llm/prices.ts';
import { DEFAULT_PRICES } from '../../src/core/llm/prices.ts';
import { projectRunCost } from '../../src/core/llm/projection.ts';
import type { FetchLike } from '../../src/core/llm/types.ts';
import { formatCost, runUsage, taskUsage, addUsage, emptyUsage } from '../../src/core/run/usage.ts';
import { MODEL_FLAGS, buildCliLlmAgent, hasModelFlags, nodeTimers, parseModelArgs, projectionLines, type ModelRunArgs } from './run-llm.ts';
import { DEFAULT_VEH_BANK_DIR, appVersion, bankHash, bankTextReader, readResultsFile, readTranscripts, writeRunOutput } from '../../src/adapters/node/run-files.ts';
import { CMAES_MATCHED_ID, cmaesMatchedAgent } from '../../src/core/veh/agents/cmaes-matched.ts';
import { SG_REFERENCE_ID, sgReferenceAgent } from '../../src/core/veh/protocol/sg-reference-agent.ts';
import { CONTROL_FLAGS, parseControlArgs, selectRunTasks, type ControlArgs, type MatchSource } from './run-controls.ts';

export interface RunArgs extends TaskFilter {
  /** A built-in agent id, or null for a model run. */
  agent: string | null;
  /** The model run's settings (with --provider), or null for a built-in agent. */
  model: ModelRunArgs | null;
  out: string;
  seed: number;
  p3Variant: P3Variant;
  bank: string;
  /** Audit controls: prompt condition, subset, SG form, matched run. */
  controls: ControlArgs;
}

/** The --suite value (either flag form), before full parsing: the circuit audit has its own runner. */
function suiteFlag(args: readonly string[]): string | undefined {
  for (const [i, arg] of args.entries()) {
    if (arg === '--suite') return args[i + 1];
    if (arg.startsWith('--suite=')) return arg.slice('--suite='.length);
  }
  return undefined;
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
    ...CONTROL_FLAGS,
    ...MODEL_FLAGS,
  });
  parseSuite(values.suite);
  const agent = values.agent ?? null;
  const modelRun = hasModelFlags(values);
  if (agent !== null && modelRun) throw new UsageError('--agent runs a built-in agent; --provider/--model run your own model: give one or the other');
  if (agent === null && !modelRun) throw new UsageError('--agent is required (or --provider … --model … to run your own model)');
  if (agent === '') throw new UsageError('--agent is required');
  const model = modelRun ? parseModelArgs(values) : null;
  const out = values.out;
  if (!out) throw new UsageError('--out DIR is required');
  const probe = parseProbe(values.probe);
  const split = parseSplit(values.split);
  const seed = parseSeed(values.seed, DEFAULT_RUN_SEED);
  const variant = P3VariantSchema.safeParse(values['p3-variant'] ?? 'raw_history');
  if (!variant.success) throw new UsageError(`--p3-variant must be ${P3VariantSchema.options.join(' or ')}`);
  const controls = parseControlArgs(values, { agent, probe });
  return { agent, model, out, probe, split, seed, p3Variant: variant.data, bank: values.bank ?? DEFAULT_VEH_BANK_DIR, controls };
}

export interface RunCommandDeps {
  oracle?: VehOracle | Promise<VehOracle>;
  clock?: Clock;
  /** Cancels the run (the CLI wires Ctrl-C to it). */
  signal?: AbortSignal;
  /** Model runs: where API keys are read (default process.env), the transport (default global fetch), timers and prices. */
  env?: Readonly<Record<string, string | undefined>>;
  fetch?: FetchLike;
  timers?: Timers;
  prices?: PriceTable;
}

export async function runCommand(args: string[], io: CommandIo, deps: RunCommandDeps = {}): Promise<number> {
  let a: RunArgs;
  let agent: Agent;
  const clock = deps.clock ?? ((): number => Date.now());
  const timers = deps.timers ?? nodeTimers;
  if (suiteFlag(args) === 'circuit') {
    const { runCircuitCommand } = await import('./run-circuit.ts');
    return await runCircuitCommand(args, io);
  }
  try {
    a = parseRunArgs(args);
    agent = a.model
      ? buildCliLlmAgent(a.model, { env: deps.env ?? process.env, fetch: deps.fetch ?? ((url, init) => fetch(url, init)), clock, timers, prices: deps.prices ?? DEFAULT_PRICES })
      : a.agent === CMAES_MATCHED_ID
        ? cmaesMatchedAgent
        : a.agent === SG_REFERENCE_ID && a.controls.sgForm !== null
          ? sgReferenceAgent
          : getBuiltinAgent(a.agent ?? '');
  } catch (e) {
    io.stderr(`run: ${(e as Error).message}`);
    return EXIT_USAGE;
  }
  let match: MatchSource | null = null;
  if (a.controls.matchRun !== null) {
    try {
      match = await readMatchSource(a.controls.matchRun);
    } catch (e) {
      io.stderr(`run: --match-run ${a.controls.matchRun}: ${(e as Error).message}`);
      return EXIT_USAGE;
    }
  }
  const { tasks: all } = await loadVehBank(bankTextReader(a.bank));
  const selection = selectRunTasks(filterTasks(all, a), a.controls, match, all);
  const filters = { ...filterRecord(a), ...selection.filters };
  const tasks = selection.tasks;
  for (const w of selection.warnings) io.stderr(`run: warning: ${w}`);
  if (a.controls.sgForm !== null && !a.model && agent.id !== SG_REFERENCE_ID) {
    io.stderr(`run: warning: built-in agents answer only the P1–P4 formats, so ${agent.id}'s SG form ${a.controls.sgForm} episodes end in errors; SG forms are meant for models (--provider … --model …); --agent ${SG_REFERENCE_ID} calibrates them`);
  }
  if (tasks.length === 0) {
    io.stderr(`run: no tasks match ${JSON.stringify(filters)}`);
    return EXIT_USAGE;
  }
  if (a.model) {
    const projection = projectRunCost(tasks, a.model.settings, deps.prices ?? DEFAULT_PRICES, { p3Variant: a.p3Variant });
    for (const line of projectionLines(projection)) io.stderr(`run: ${line}`);
  }
  const oracle = await (deps.oracle ?? createNodeVehOracle());
  const controller = new AbortController();
  const onSigint = (): void => controller.abort();
  deps.signal?.addEventListener('abort', onSigint, { once: true });
  if (!deps.signal) process.once('SIGINT', onSigint);

  io.stderr(`run: ${agent.id} on ${tasks.length} tasks (${Object.entries(filters).map(([k, v]) => `${k}=${v}`).join(', ') || 'all'}), seed ${a.seed}, oracle ${oracle.backendId}`);
  // Model runs are slow and cost money: report every task with its cost; built-in agents every 5 %.
  const every = a.model ? 1 : Math.max(1, Math.floor(tasks.length / 20));
  let spent = emptyUsage();
  const t0 = performance.now();
  try {
    const result = await runVehSuite({
      tasks,
      agent,
      oracle,
      clock,
      seed: a.seed,
      ...(a.model ? { budget: a.model.budget, timers } : {}),
      p3Variant: a.p3Variant,
      controls: selection.controls,
      signal: controller.signal,
      appVersion: await appVersion(),
      bankHash: await bankHash(a.bank),
      filters,
      onProgress: (p) => {
        if (a.model) {
          const { task_id: _id, ...u } = taskUsage(p.transcript);
          spent = addUsage(spent, u);
          io.stderr(`  [${p.done}/${p.total}] ${p.task_id} ${p.transcript.status}, ${u.input_tokens} in / ${u.output_tokens} out tokens, ${formatCost(u)}; run so far ${formatCost(spent)}`);
        } else if (p.done % every === 0 || p.done === p.total) io.stderr(`  [${p.done}/${p.total}] ${p.task_id}`);
      },
    });
    const runMs = performance.now() - t0;
    if (selection.warnings.length > 0) result.manifest.warnings = [...(result.manifest.warnings ?? []), ...selection.warnings];
    await writeRunOutput(a.out, result);
    io.stdout(metricsText(result.metrics));
    io.stdout(`headline: ${headlineLine(result.metrics)}`);
    if (a.model) {
      const u = result.manifest.usage ?? runUsage(result.transcripts);
      io.stdout(`usage: ${u.replies} replies (${u.http_calls} HTTP calls), ${u.input_tokens} input + ${u.output_tokens} output tokens, cost ${formatCost(u)}`);
      for (const w of result.manifest.warnings ?? []) io.stderr(`run: warning: ${w}`);
    }
    io.stdout(
      `${result.status}: ${result.rows.length}/${tasks.length} tasks in ${(runMs / 1000).toFixed(2)} s (wall, run only); wrote ${a.out}/results.json, results.md, transcripts/ (${result.transcripts.length} files)`,
    );
    if (result.status === 'failed') {
      io.stderr(`run: stopped early: ${result.error ?? 'the oracle failed'}`);
      return 1;
    }
    if (a.model && result.rows.length > 0 && result.rows.every((r) => r.status === 'error')) {
      // Usually a wrong key, model id or base URL: say what the endpoint answered.
      const first = result.transcripts[0]?.events.find((e) => e.type === 'error');
      io.stderr(`run: every task failed: ${first?.type === 'error' ? first.message : 'see the transcripts'}`);
      return 1;
    }
    return 0;
  } finally {
    process.removeListener('SIGINT', onSigint);
  }
}

/** The run a cmaes-matched run copies its budgets from: results.json's run id and the transcripts. */
async function readMatchSource(dir: string): Promise<MatchSource> {
  const results = await readResultsFile(dir);
  if (!results) throw new Error('no results.json there (give a run folder written by `proving-ground run`)');
  return { runId: results.manifest.run_id, transcripts: await readTranscripts(dir) };
}
