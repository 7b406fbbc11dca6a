/**
 * The run manifest and results.json of a tool-use suite (the photonics agent, spec-to-design): the
 * shared manifest fields and nothing of the suite's own, since such a suite has no run options.
 * Each suite names itself and says how its transcripts group (for the model block's per-group
 * usage); field order is fixed here, so manifests hash the same whichever suite builds them.
 */
import { z } from 'zod';
import type { Clock } from '../agent/types.ts';
import { SuiteMetricsSchema, type SuiteMetrics } from '../suite/metrics.ts';
import { formatInterval, formatNumber } from './format.ts';
import { DECODING_NOTE, ManifestModelSchema, iso, manifestRunEnd, manifestRunHead, manifestRunner, manifestTaskSelection, modelBlock, runIdOf } from './manifest-core.ts';
import type { TranscriptCore } from './transcript-core.ts';
import type { ManifestInput, RunStatus } from './types.ts';
import { TaskUsageSchema, UsageTotalsSchema, runUsage, taskUsage } from './usage.ts';

export function toolSuiteManifestSchema<S extends string>(suite: S) {
  return z.strictObject({
    schema_version: z.literal(1),
    suite: z.literal(suite),
    ...manifestRunHead,
    ...manifestTaskSelection,
    ...manifestRunner,
    ...manifestRunEnd,
    model: ManifestModelSchema.optional(),
    usage: UsageTotalsSchema.optional(),
    warnings: z.array(z.string()).optional(),
  });
}
export type ToolSuiteManifest<S extends string> = z.infer<ReturnType<typeof toolSuiteManifestSchema<S>>>;

export function toolSuiteRunId<S extends string>(suite: S, input: ManifestInput<unknown>): string {
  return runIdOf(suite, input, (filter) => `${filter}|${input.bankHash}`);
}

export function buildToolSuiteManifest<S extends string, T extends TranscriptCore>(suite: S, groupOf: (t: T) => string, input: ManifestInput<unknown>, clock: Clock, status: RunStatus, transcripts: readonly T[]): ToolSuiteManifest<S> {
  const model = modelBlock(input, transcripts, groupOf);
  return {
    schema_version: 1,
    suite,
    run_id: toolSuiteRunId(suite, input),
    app_version: input.appVersion,
    bank_hash: input.bankHash,
    task_filter: input.filters,
    task_count: input.taskCount,
    agent: { id: input.agent.id, label: input.agent.label, description: input.agent.description, privileged: input.agent.privileged },
    seed: input.seed,
    max_retries: input.agent.model?.retry.max_retries ?? 0,
    oracle_backend: input.oracleBackend,
    started_at: iso(input.startedMs),
    finished_at: iso(clock()),
    status,
    decoding: DECODING_NOTE,
    ...(model ? { model, usage: runUsage(transcripts) } : {}),
  } as ToolSuiteManifest<S>;
}

export function toolSuiteResultsFileSchema<S extends string, M extends z.ZodType, R extends z.ZodType>(suite: S, manifest: M, row: R) {
  return z.strictObject({
    schema_version: z.literal(1),
    suite: z.literal(suite),
    manifest,
    rows: z.array(row),
    metrics: SuiteMetricsSchema,
    task_usage: z.array(TaskUsageSchema).optional(),
  });
}

export function toToolSuiteResultsFile<S extends string, M extends { model?: unknown }, R, T extends TranscriptCore>(suite: S, r: { manifest: M; rows: readonly R[]; metrics: SuiteMetrics; transcripts?: readonly T[] }) {
  return {
    schema_version: 1 as const,
    suite,
    manifest: r.manifest,
    rows: [...r.rows],
    metrics: r.metrics,
    ...(r.manifest.model && r.transcripts ? { task_usage: r.transcripts.map(taskUsage) } : {}),
  };
}

/** The head of a tool-use suite's results.md: the run's fields as a table. */
export function toolSuiteMarkdownHead(
  title: string,
  m: ToolSuiteManifest<string>,
  o: { rows: number; counted: string; privileged: string },
): string[] {
  const filter = Object.entries(m.task_filter).map(([k, v]) => `${k}=${v}`).join(', ') || 'all tasks';
  return [
    `# ${title}: ${m.agent.label}`,
    '',
    '| field | value |',
    '| --- | --- |',
    `| run id | ${m.run_id} |`,
    `| status | ${m.status} |`,
    `| agent | ${m.agent.id}${m.agent.privileged ? ` (privileged: ${o.privileged})` : ''} |`,
    `| tasks | ${o.rows} of ${m.task_count} (${filter}); ${o.counted} |`,
    `| seed | ${m.seed} |`,
    `| engine backend | ${m.oracle_backend} |`,
    `| bank hash | ${m.bank_hash} |`,
    `| started / finished | ${m.started_at} / ${m.finished_at} |`,
    ...(m.model ? [`| model | ${m.model.provider} ${m.model.model} (${m.model.endpoint}) |`, `| budget | ${m.model.budget_text} |`] : []),
    '',
  ];
}

/** One markdown table per metric group, in the given order. */
export function metricTablesMarkdown(groups: readonly string[], metrics: SuiteMetrics): string[] {
  const lines: string[] = [];
  for (const group of groups) {
    const table = metrics[group];
    if (!table) continue;
    lines.push(`## ${group}`, '', '| metric | value | 95 % interval | n | method |', '| --- | ---: | --- | ---: | --- |');
    for (const [key, v] of Object.entries(table)) lines.push(`| ${key} | ${formatNumber(v.value)} | ${formatInterval(v)} | ${v.n} | ${v.method} |`);
    lines.push('');
  }
  return lines;
}
