/**
 * results.json (run manifest + rows + metrics) and its Markdown rendering, results.md. The
 * Markdown has one table per probe with each metric's 95 % interval and a note on the calibration
 * baselines of the paper's Table 16.
 */
import { z } from 'zod';
import { MetricValueSchema, VehRowSchema, type VehRow } from '../rows.ts';
import { PROBES, ProbeSchema } from '../task-schema.ts';
import { HEADLINE_METRICS } from './headline.ts';
import { RunManifestSchema, type RunManifest } from './manifest.ts';
import { describeTemperature } from '../../run/manifest-core.ts';
import { TranscriptSchema } from './transcript.ts';
import type { SuiteMetrics } from '../../suite/metrics.ts';
import { TaskUsageSchema, formatCost, taskUsage } from '../../run/usage.ts';
import type { Transcript } from './transcript.ts';

/** 2: optional per-task usage and cost (LLM runs); version 1 files still parse. */
export const RESULTS_SCHEMA_VERSION = 2;

export const SuiteMetricsSchema = z.partialRecord(ProbeSchema, z.record(z.string(), MetricValueSchema));

export const ResultsFileSchema = z.strictObject({
  schema_version: z.union([z.literal(1), z.literal(RESULTS_SCHEMA_VERSION)]),
  manifest: RunManifestSchema,
  rows: z.array(VehRowSchema),
  metrics: SuiteMetricsSchema,
  /** LLM runs: tokens and cost per task, in row order (from the transcripts). */
  task_usage: z.array(TaskUsageSchema).optional(),
});
export type ResultsFile = z.infer<typeof ResultsFileSchema>;

export function toResultsFile(result: { manifest: RunManifest; rows: readonly VehRow[]; metrics: SuiteMetrics; transcripts?: readonly Transcript[] }): ResultsFile {
  const usage = result.manifest.model && result.transcripts ? result.transcripts.map(taskUsage) : null;
  return { schema_version: RESULTS_SCHEMA_VERSION, manifest: result.manifest, rows: [...result.rows], metrics: result.metrics, ...(usage ? { task_usage: usage } : {}) };
}

import { groupMetricLines, manifestHeadLines, manifestTailLines } from '../../run/format.ts';

export const BASELINE_NOTE = [
  'Calibration references (paper, Table 16; on the paper’s own banks, so only the pattern transfers):',
  'P1 always-propose on dev: 56.3 % accuracy, macro-F1 0.240, worst-action recall 0;',
  'P2 anchor-fixed: 100 % feasible coverage, mean power ratio 0.3065, 0 queries;',
  'P3 last-state continuation: 0 % explicit reset by construction;',
  'P4 uniform random permutation of five: E[τ] = 0, exact match 0.83 %, top-1 20 %.',
  'Run the same baselines here (`run --agent always-propose|anchor-fixed|last-state|random`) to calibrate against this bank.',
].join(' ');

function modelLines(m: RunManifest): string[] {
  if (!m.model) return [];
  const x = m.model;
  const lines = [
    `| model | ${x.provider} ${x.model}${x.model_versions.length ? ` (reported: ${x.model_versions.join(', ')})` : ''} |`,
    `| endpoint | ${x.endpoint} |`,
    `| decoding | temperature ${describeTemperature(x.temperature)}, max ${x.max_output_tokens} output tokens${x.reasoning_effort ? `, reasoning ${x.reasoning_effort}` : ''}${x.stream ? ', streamed' : ''} |`,
    `| HTTP retries | up to ${x.retry_policy.max_retries}, backoff ${x.retry_policy.base_delay_ms}–${x.retry_policy.max_delay_ms} ms${x.retry_policy.respect_retry_after ? ', honours retry-after' : ''} |`,
    `| budget | ${x.budget_text} |`,
  ];
  if (m.usage) {
    lines.push(`| tokens | ${m.usage.input_tokens} in (${m.usage.cached_input_tokens} cached), ${m.usage.output_tokens} out; ${m.usage.replies} replies, ${m.usage.http_calls} HTTP calls |`);
    lines.push(`| cost | ${formatCost(m.usage)} |`);
  }
  return lines;
}

export function renderResultsMarkdown(result: { manifest: RunManifest; rows: readonly VehRow[]; metrics: SuiteMetrics }): string {
  const m = result.manifest;
  const lines: string[] = [
    ...manifestHeadLines(`# VEHBench run: ${m.agent.label}`, m, result.rows.length),
    `| P3 prompt | ${m.p3_variant} |`,
    `| query budget | ${m.query_budget_rule_text} |`,
    ...manifestTailLines(m),
    ...modelLines(m),
    '',
  ];
  for (const w of m.warnings ?? []) lines.push(`> warning: ${w}`, '');
  for (const probe of PROBES) {
    const table = result.metrics[probe];
    if (!table) continue;
    lines.push(...groupMetricLines(probe, result.rows.filter((r) => r.probe === probe).length, HEADLINE_METRICS[probe], table));
  }
  lines.push('## Baselines', '', BASELINE_NOTE, '', m.decoding, '');
  return lines.join('\n');
}

/** The single-file download of the page (a whole RunResult): `score` accepts it too. */
export const RunBundleSchema = z.object({
  status: z.enum(['completed', 'cancelled', 'failed']),
  error: z.string().nullable().optional(),
  manifest: RunManifestSchema,
  rows: z.array(VehRowSchema),
  metrics: SuiteMetricsSchema,
  transcripts: z.array(TranscriptSchema),
});
export type RunBundle = z.infer<typeof RunBundleSchema>;
