/**
 * `proving-ground run [--suite ID] --agent <id> [--<facet> V …] [--seed N] [--shard i/n] [--bank DIR] --out DIR`
 * `proving-ground run [--suite ID] --provider openai|anthropic|gemini [--base-url URL] --model ID
 *  [--temperature T] [--max-output-tokens N] [--reasoning-effort none|low|medium|high] [--no-stream]
 *  [--max-retries N] [--max-turns N] [--max-cost-usd X] [--timeout-s S] … --out DIR`
 * Runs a built-in agent, or your own model (key from OPENAI_API_KEY, ANTHROPIC_API_KEY or
 * GEMINI_API_KEY), over the (filtered) bank of any registered suite with the Node oracle, and
 * writes results.json, results.md and transcripts/<task_id>.json to DIR. The suite's facets are
 * flags (VEH: --probe, --split, --difficulty); its own options come from its CLI plugin
 * (cli/suites/: VEH's --p3-variant and audit controls). `--shard i/n` runs the i-th contiguous
 * block of the selection; `merge` joins the shards. A model run prints its projected cost first
 * and the running cost as tasks finish. Ctrl-C cancels: the finished tasks are kept and written
 * with status 'cancelled'. Each task is on disk as it ends (src/adapters/node/run-dir.ts), and
 * `run --resume DIR` continues a killed, cancelled or stopped run with its recorded recipe.
 */
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { EXIT_USAGE, UsageError, parseFlags, parseSeed } from '../args.ts';
import { facetFlags, filterByFacets, parseFacetFlags } from '../facets.ts';
import type { CommandIo } from '../io.ts';
import type { Agent, Clock } from '../../src/core/agent/types.ts';
import { runSuite } from '../../src/core/run/run-suite.ts';
import { headlineLine, metricsText } from '../../src/core/run/metrics-text.ts';
import { DEFAULT_RUN_SEED, type SuiteEnvironment } from '../../src/core/run/types.ts';
import { parseShard, shardLabel, shardRange, ShardError, type Shard } from '../../src/core/run/shard.ts';
import type { AnySuite } from '../../src/core/suite/contract.ts';
import { UnknownSuiteError } from '../../src/core/suite/registry.ts';
import { SUITES } from '../../src/core/suites.ts';
import type { Timers } from '../../src/core/llm/budget.ts';
import type { PriceTable } from '../../src/core/llm/prices.ts';
import { DEFAULT_PRICES } from '../../src/core/llm/prices.ts';
import type { FetchLike } from '../../src/core/llm/types.ts';
import { formatCost, runUsage, taskUsage, addUsage, emptyUsage } from '../../src/core/run/usage.ts';
import { MODEL_FLAGS, buildCliLlmAgent, hasModelFlags, nodeTimers, parseModelArgs, projectionLines, type ModelRunArgs } from './run-llm.ts';
import { appVersion, bankHash, bankTextReader } from '../../src/adapters/node/run-files.ts';
import { RunDir, chooseRunDir, readRecipe } from '../../src/adapters/node/run-dir.ts';
import type { TranscriptCore } from '../../src/core/run/transcript-core.ts';
import { endpointFailure, failureStreak } from '../../src/core/llm/failure-streak.ts';
import { createNodeEnvironment, defaultBankDir } from '../../src/adapters/node/suite-environments.ts';
import { cliPluginOf } from '../suites/index.ts';
import { failureSummary, runFailures } from './run-outcome.ts';
import type { CliSuitePlugin, FlagValues } from '../suites/types.ts';

/** The exit code of a run stopped by Ctrl-C (128 + SIGINT), as shells report it. */
export const EXIT_CANCELLED = 130;

export interface RunArgs {
  suite: AnySuite;
  /** Exit 0 even when some tasks ended in an error or hit the per-task timeout (run-outcome.ts). */
  allowErrors: boolean;
  plugin: CliSuitePlugin;
  /** A built-in agent id, or null for a model run. */
  agent: string | null;
  /** The model run's settings (with --provider), or null for a built-in agent. */
  model: ModelRunArgs | null;
  out: string;
  seed: number;
  bank: string;
  shard: Shard | null;
  /** Facet flags given (probe → P2, …), in the suite's facet order. */
  facets: Record<string, string>;
  /** Every flag value, for the suite's plugin. */
  values: FlagValues;
}

/** The --suite value (either flag form), before full parsing: the suite decides which other flags exist. */
export function suiteFlag(args: readonly string[]): string | undefined {
  for (const [i, arg] of args.entries()) {
    if (arg === '--suite') return args[i + 1];
    if (arg.startsWith('--suite=')) return arg.slice('--suite='.length);
  }
  return undefined;
}

/** The suite a command names with --suite (default veh); UsageError listing the known ones. */
export function suiteOfArgs(args: readonly string[]): AnySuite {
  try {
    return SUITES.get(suiteFlag(args) ?? 'veh');
  } catch (e) {
    if (e instanceof UnknownSuiteError) throw new UsageError(`${e.message} (--suite)`);
    throw e;
  }
}

/** Parses the flags; throws a UsageError naming the problem. */
export function parseRunArgs(args: readonly string[]): RunArgs {
  const suite = suiteOfArgs(args);
  const plugin = cliPluginOf(suite.descriptor.id);
  const { values } = parseFlags(args, {
    suite: { type: 'string' },
    agent: { type: 'string' },
    seed: { type: 'string' },
    out: { type: 'string' },
    bank: { type: 'string' },
    shard: { type: 'string' },
    'allow-errors': { type: 'boolean' },
    ...facetFlags(suite),
    ...plugin.flags,
    ...MODEL_FLAGS,
  });
  const flags = values as FlagValues;
  const agent = typeof flags.agent === 'string' ? flags.agent : null;
  const modelRun = hasModelFlags(values);
  if (agent !== null && modelRun) throw new UsageError('--agent runs a built-in agent; --provider/--model run your own model: give one or the other');
  if (agent === null && !modelRun) throw new UsageError('--agent is required (or --provider … --model … to run your own model)');
  if (agent === '') throw new UsageError('--agent is required');
  const model = modelRun ? parseModelArgs(values) : null;
  const out = typeof flags.out === 'string' ? flags.out : undefined;
  if (!out) throw new UsageError('--out DIR is required');
  let shard: Shard | null;
  try {
    shard = typeof flags.shard === 'string' ? parseShard(flags.shard) : null;
  } catch (e) {
    throw e instanceof ShardError ? new UsageError(e.message) : e;
  }
  const facets = parseFacetFlags(suite, flags);
  plugin.check?.(flags, { agentId: agent, facets });
  return {
    suite,
    allowErrors: flags['allow-errors'] === true,
    plugin,
    agent,
    model,
    out,
    seed: parseSeed(typeof flags.seed === 'string' ? flags.seed : undefined, DEFAULT_RUN_SEED),
    bank: typeof flags.bank === 'string' ? flags.bank : defaultBankDir(suite),
    shard,
    facets,
    values: flags,
  };
}

/** Flags whose value is a path: stored absolute, so `--resume` works from any directory. */
const PATH_FLAGS = new Set(['--bank', '--match-run']);

/** The arguments a recipe stores: everything but --out (the folder is the recipe's target). */
export function recipeArgs(args: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const eq = arg.indexOf('=');
    if (arg === '--out') i++;
    else if (arg.startsWith('--out=')) continue;
    else if (PATH_FLAGS.has(arg) && i + 1 < args.length) kept.push(arg, resolve(args[++i] ?? ''));
    else if (eq > 0 && PATH_FLAGS.has(arg.slice(0, eq))) kept.push(`${arg.slice(0, eq)}=${resolve(arg.slice(eq + 1))}`);
    else kept.push(arg);
  }
  return kept;
}

/** `run --resume DIR` takes nothing else: the recipe in DIR/run.json is the whole command. */
function resumeDir(args: readonly string[]): string | null {
  const i = args.findIndex((x) => x === '--resume' || x.startsWith('--resume='));
  if (i < 0) return null;
  const arg = args[i] ?? '';
  const dir = arg.startsWith('--resume=') ? arg.slice('--resume='.length) : args[i + 1];
  const rest = arg.startsWith('--resume=') ? args.length - 1 : args.length - 2;
  if (!dir || dir.startsWith('--')) throw new UsageError('--resume DIR: name the folder of the interrupted run');
  if (rest > 0) throw new UsageError('--resume DIR repeats the run recorded in DIR/run.json; give no other flags');
  return dir;
}

export interface RunCommandDeps {
  /** The suite's environment (its oracle); default: the suite's Node WASM oracle. */
  oracle?: SuiteEnvironment | Promise<SuiteEnvironment>;
  clock?: Clock;
  /** Cancels the run (the CLI wires Ctrl-C to it). */
  signal?: AbortSignal;
  /** Model runs: where API keys are read (default process.env), the transport (default global fetch), timers and prices. */
  env?: Readonly<Record<string, string | undefined>>;
  fetch?: FetchLike;
  timers?: Timers;
  prices?: PriceTable;
}

/** Stops a model run after --max-consecutive-failures tasks in a row could not connect or authenticate. */
function stopOnDeadEndpoint(m: ModelRunArgs): (t: { transcript: TranscriptCore }) => string | null {
  const check = failureStreak(
    m.maxConsecutiveFailures,
    { provider: m.settings.provider, baseUrl: m.settings.base_url },
    { timeout: `In the CLI, --request-timeout-s S limits each attempt (now ${m.requestTimeoutS} s) and --max-retries N how often one is retried.` },
  );
  return ({ transcript }) => check(transcript);
}

/** Disposes an environment that holds resources (worker threads); the WASM oracles hold none. */
async function disposeEnvironment(env: SuiteEnvironment | null): Promise<void> {
  const dispose = (env as { dispose?: unknown } | null)?.dispose;
  if (typeof dispose === 'function') await (dispose as () => Promise<void>).call(env);
}

function builtinAgent(a: RunArgs): Agent {
  const id = a.agent ?? '';
  const special = a.plugin.agent?.(id, a.values);
  if (special) return special;
  const agent = a.suite.agents.find((x) => x.id === id);
  if (!agent) throw new UsageError(`unknown agent "${id}" (suite ${a.suite.descriptor.id}); built-in agents: ${a.suite.agents.map((x) => x.id).join(', ')}`);
  return agent;
}

export async function runCommand(args: string[], io: CommandIo, deps: RunCommandDeps = {}): Promise<number> {
  let a: RunArgs;
  let agent: Agent;
  const clock = deps.clock ?? ((): number => Date.now());
  const timers = deps.timers ?? nodeTimers;
  let resume: string | null;
  let recipe: Awaited<ReturnType<typeof readRecipe>> = null;
  try {
    resume = resumeDir(args);
    if (resume !== null) {
      recipe = await readRecipe(resume);
      if (recipe === null) throw new UsageError(`${resume} holds no run.json: not an interrupted run folder`);
      args = [...recipe.args, '--out', recipe.target];
    }
  } catch (e) {
    io.stderr(`run: ${(e as Error).message}`);
    return EXIT_USAGE;
  }
  try {
    a = parseRunArgs(args);
    agent = a.model
      ? buildCliLlmAgent(a.model, { env: deps.env ?? process.env, fetch: deps.fetch ?? ((url, init) => fetch(url, init)), clock, timers, prices: deps.prices ?? DEFAULT_PRICES })
      : builtinAgent(a);
  } catch (e) {
    io.stderr(`run: ${(e as Error).message}`);
    return EXIT_USAGE;
  }
  const suite = a.suite;
  let all: { task_id: string }[];
  try {
    // Checks every bank file's size and SHA-256 against the bank manifest before a task runs.
    all = (await suite.bank.load(bankTextReader(a.bank))).tasks;
  } catch (e) {
    io.stderr(`run: ${(e as Error).message}`);
    return 1;
  }
  let tasks: { task_id: string }[];
  let filters: Record<string, string>;
  let options: unknown;
  let warnings: string[];
  try {
    const facetSel = filterByFacets(suite, all, a.facets);
    const selection = await a.plugin.select({ values: a.values, agentId: a.agent, modelRun: a.model !== null, bank: all, filtered: facetSel.tasks });
    tasks = selection.tasks as { task_id: string }[];
    filters = { ...facetSel.filters, ...selection.filters };
    options = selection.options;
    warnings = selection.warnings;
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.stderr(`run: ${e.message}`);
    return EXIT_USAGE;
  }
  for (const w of warnings) io.stderr(`run: warning: ${w}`);
  if (tasks.length === 0) {
    io.stderr(`run: no ${suite.descriptor.id} tasks match ${JSON.stringify(filters)}`);
    return EXIT_USAGE;
  }
  let firstTaskIndex = 0;
  const selected = tasks.length;
  if (a.shard) {
    const { start, end } = shardRange(tasks.length, a.shard);
    tasks = tasks.slice(start, end);
    firstTaskIndex = start;
    filters = { ...filters, shard: shardLabel(a.shard) };
    if (tasks.length === 0) {
      io.stderr(`run: shard ${shardLabel(a.shard)} of ${selected} tasks is empty`);
      return EXIT_USAGE;
    }
  }
  if (a.model && a.plugin.project) {
    for (const line of projectionLines(a.plugin.project(tasks, a.model.settings, deps.prices ?? DEFAULT_PRICES, options))) io.stderr(`run: ${line}`);
  }
  const hash = await bankHash(a.bank);
  const taskIds = tasks.map((t) => t.task_id);
  // Crash safety: the recipe goes to disk before the first task, each task as it ends (run-dir.ts).
  let runDir: RunDir;
  let startedMs: number;
  const finished = new Map<number, { row: { task_id: string }; transcript: TranscriptCore }>();
  try {
    if (resume !== null && recipe !== null) {
      if (recipe.bank_hash !== hash) throw new Error(`the task bank changed since this run started (bank ${recipe.bank_hash.slice(0, 12)}… then, ${hash.slice(0, 12)}… now), so its remaining tasks would not be the same tasks; start a new run`);
      if (JSON.stringify(recipe.task_ids) !== JSON.stringify(taskIds)) throw new Error(`the selection no longer gives this run's ${recipe.task_ids.length} tasks in order; start a new run`);
      const opened = await RunDir.open(suite, resume);
      for (const why of opened.dropped) io.stderr(`run: warning: ${why}; running that task again`);
      let again = 0;
      for (const [index, transcript] of opened.finished) {
        // A task that never reached the model (refused connection or key) is not a result: run it again.
        if (endpointFailure(transcript) !== null) again++;
        else finished.set(index, { row: suite.deriveRow(transcript), transcript });
      }
      if (again > 0) io.stderr(`run: ${again} task(s) that could not reach the model endpoint will run again`);
      runDir = opened.runDir;
      startedMs = recipe.started_ms;
      io.stderr(`run: resuming ${resume}: ${finished.size}/${tasks.length} tasks already done`);
    } else {
      startedMs = clock();
      const dir = await chooseRunDir(a.out, String(startedMs));
      if (dir !== a.out) io.stderr(`run: ${a.out} holds an earlier run; it is kept until this one completes (writing to ${dir}, resumable with --resume)`);
      runDir = await RunDir.create(dir, { format: 'proving-ground-run/1', suite: suite.descriptor.id, args: recipeArgs(args), bank_hash: hash, task_ids: taskIds, started_ms: startedMs, target: resolve(a.out) });
    }
  } catch (e) {
    io.stderr(`run: ${(e as Error).message}`);
    return 1;
  }
  const pluginEnv = deps.oracle ? null : await a.plugin.environment?.(a.values, { env: deps.env ?? process.env, fetch: deps.fetch ?? globalThis.fetch, clock });
  const ownEnv = deps.oracle || pluginEnv ? null : await createNodeEnvironment(suite);
  const env = await (deps.oracle ?? pluginEnv ?? (ownEnv as SuiteEnvironment));
  const controller = new AbortController();
  const onSigint = (): void => {
    // Said at once: the metrics of the finished tasks still take a moment (a bootstrap over their rows).
    io.stderr(`run: cancelling: the task in flight is dropped; writing the finished ones (a second Ctrl-C quits at once, they are on disk already)`);
    controller.abort();
  };
  deps.signal?.addEventListener('abort', onSigint, { once: true });
  if (!deps.signal) process.once('SIGINT', onSigint);

  io.stderr(`run: ${agent.id} on ${tasks.length} ${suite.descriptor.id} tasks (${Object.entries(filters).map(([k, v]) => `${k}=${v}`).join(', ') || 'all'}), seed ${a.seed}, oracle ${env.backendId}`);
  // Model runs are slow and cost money: report every task with its cost; built-in agents every 5 %.
  const every = a.model ? 1 : Math.max(1, Math.floor(tasks.length / 20));
  let spent = emptyUsage();
  const t0 = performance.now();
  try {
    const result = await runSuite(suite, {
      tasks,
      agent,
      env,
      clock,
      seed: a.seed,
      options,
      firstTaskIndex,
      // Built-in agents get the timers too: the episode guard yields through them (Ctrl-C mid-task).
      timers,
      ...(a.model ? { budget: a.model.budget } : {}),
      signal: controller.signal,
      // Lets Ctrl-C in between tasks: built-in agents on the WASM oracle never yield otherwise.
      yieldToHost: () => new Promise<void>((resolve) => setImmediate(resolve)),
      appVersion: await appVersion(),
      bankHash: hash,
      filters,
      startedMs,
      finished,
      commitTask: ({ task_index, transcript }) => runDir.commit(task_index, transcript),
      ...(a.model ? { stopAfter: stopOnDeadEndpoint(a.model) } : {}),
      onProgress: (p) => {
        if (a.model) {
          const { task_id: _id, ...u } = taskUsage(p.transcript);
          spent = addUsage(spent, u);
          io.stderr(`  [${p.done}/${p.total}] ${p.task_id} ${p.transcript.status}, ${u.input_tokens} in / ${u.output_tokens} out tokens, ${formatCost(u)}; run so far ${formatCost(spent)}`);
        } else if (p.done % every === 0 || p.done === p.total) io.stderr(`  [${p.done}/${p.total}] ${p.task_id}`);
      },
    });
    const runMs = performance.now() - t0;
    const manifest = result.manifest as { warnings?: string[]; usage?: ReturnType<typeof runUsage> };
    if (warnings.length > 0) manifest.warnings = [...(manifest.warnings ?? []), ...warnings];
    const wrote = await runDir.finish(suite, result);
    io.stdout(metricsText(result.metrics, suite.groups));
    io.stdout(`headline: ${headlineLine(result.metrics, suite.groups)}`);
    if (a.model) {
      const u = manifest.usage ?? runUsage(result.transcripts);
      io.stdout(`usage: ${u.replies} replies (${u.http_calls} HTTP calls), ${u.input_tokens} input + ${u.output_tokens} output tokens, cost ${formatCost(u)}`);
      for (const w of manifest.warnings ?? []) io.stderr(`run: warning: ${w}`);
    }
    const failures = runFailures(result.transcripts);
    const summary = failureSummary(failures);
    io.stdout(
      `${result.status}: ${result.rows.length}/${tasks.length} tasks in ${(runMs / 1000).toFixed(2)} s (wall, run only)${summary ? `, ${summary}` : ''}; wrote ${wrote}/results.json, results.md, transcripts/ (${result.transcripts.length} files)`,
    );
    if (result.status === 'failed') {
      io.stderr(`run: stopped early: ${result.error ?? 'the oracle failed'} (continue with \`run --resume ${wrote}\`)`);
      return 1;
    }
    if (result.status === 'cancelled') {
      io.stderr(`run: cancelled after ${result.rows.length}/${tasks.length} tasks; the finished ones are written (continue with \`run --resume ${wrote}\`)`);
      return EXIT_CANCELLED;
    }
    if (summary) {
      // Usually a wrong key, model id or base URL, or a slow endpoint: say what it answered.
      io.stderr(`run: ${summary}: ${failures.first ?? 'see the transcripts'}${a.allowErrors ? ' (--allow-errors: exit 0)' : ''}`);
      if (!a.allowErrors) return 1;
    }
    const verdict = a.plugin.verdict?.(a.values, result.rows);
    if (verdict) {
      io.stderr(`run: ${verdict}`);
      return 1;
    }
    return 0;
  } finally {
    process.removeListener('SIGINT', onSigint);
    await pluginEnv?.dispose?.();
    // Stops the suite's evaluator threads: after a Ctrl-C one may still be busy with the abandoned
    // task's call, and would keep the process alive for its whole duration (seconds; issue 21).
    await disposeEnvironment(ownEnv);
  }
}
