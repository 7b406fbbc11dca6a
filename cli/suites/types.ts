/**
 * What a suite adds to the CLI's generic `run`: its own flags, how they become the suite's run
 * options, any agent only those flags make sense for, and a cost projection for model runs. The
 * CLI is an edge of the system (like the page), so it may know suites; the run engine it calls
 * does not.
 */
import type { Agent } from '../../src/core/agent/types.ts';
import type { CostProjection } from '../../src/core/llm/projection.ts';
import type { PriceTable } from '../../src/core/llm/prices.ts';
import type { ModelSettings } from '../../src/core/llm/settings.ts';
import type { FlagOptions } from '../args.ts';
import type { SuiteEnvironment } from '../../src/core/run/types.ts';
import type { FetchLike } from '../../src/core/llm/types.ts';

export type FlagValues = Record<string, string | boolean | undefined>;

/** What a plugin's environment may use: where keys are read and the HTTP transport (tests pass stand-ins). */
export interface PluginContext {
  env: Readonly<Record<string, string | undefined>>;
  fetch: FetchLike;
  clock: () => number;
}

export interface SelectionInput<Task> {
  values: FlagValues;
  agentId: string | null;
  modelRun: boolean;
  /** The whole bank. */
  bank: readonly Task[];
  /** The bank after the facet flags (--probe, --split, …). */
  filtered: readonly Task[];
}

export interface CliSelection<Task, Opts> {
  tasks: Task[];
  options: Opts;
  /** Extra entries for the run's task_filter record (what selected the tasks). */
  filters: Record<string, string>;
  /** Told to the user and kept in the manifest's warnings. */
  warnings: string[];
}

export interface CliSuitePlugin<Task = unknown, Opts = unknown> {
  readonly flags: FlagOptions;
  /** One line per flag group for the usage text. */
  readonly usage: readonly string[];
  /** Checks the suite's own flags as they are parsed (before any bank loads); throws UsageError. */
  check?(values: FlagValues, ctx: { agentId: string | null; facets: Readonly<Record<string, string>> }): void;
  /** Built-in agents only these flags make sense for (null: the suite's own list decides). */
  agent?(id: string, values: FlagValues): Agent | null;
  /** Throws UsageError naming the problem. */
  select(input: SelectionInput<Task>): Promise<CliSelection<Task, Opts>>;
  project?(tasks: readonly Task[], settings: ModelSettings, prices: PriceTable, options: Opts): CostProjection;
  /** An environment these flags ask for instead of the suite's Node default (photonics-agent: --server-cmd); null: the default. */
  environment?(values: FlagValues, ctx: PluginContext): Promise<(SuiteEnvironment & { dispose?(): Promise<void> }) | null>;
  /** After a completed run: a reason to exit 1 (photonics-agent --strict: not every task passed), or null. */
  verdict?(values: FlagValues, rows: readonly unknown[]): string | null;
}
