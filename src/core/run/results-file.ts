/**
 * results.json (run manifest + rows + metrics) and its Markdown rendering, results.md. The
 * Markdown has one table per probe with each metric's 95 % interval and a note on the calibration
 * baselines of the paper's Table 16.
 */
import { z } from 'zod';
import { MetricValueSchema, VehRowSchema, type MetricValue, type VehRow } from '../veh/rows.ts';
import { PROBES, ProbeSchema } from '../veh/task-schema.ts';
import { HEADLINE_METRICS } from './headline.ts';
import { RunManifestSchema, type RunManifest } from './manifest.ts';
import { TranscriptSchema } from './transcript.ts';
import type { SuiteMetrics } from './types.ts';

export const RESULTS_SCHEMA_VERSION = 1;

export const SuiteMetricsSchema = z.partialRecord(ProbeSchema, z.record(z.string(), MetricValueSchema));

export const ResultsFileSchema = z.strictObject({
  schema_version: z.literal(RESULTS_SCHEMA_VERSION),
  manifest: RunManifestSchema,
  rows: z.array(VehRowSchema),
  metrics: SuiteMetricsSchema,
});
export type ResultsFile = z.infer<typeof ResultsFileSchema>;

export function toResultsFile(result: { manifest: RunManifest; rows: readonly VehRow[]; metrics: SuiteMetrics }): ResultsFile {
  return { schema_version: RESULTS_SCHEMA_VERSION, manifest: result.manifest, rows: [...result.rows], metrics: result.metrics };
}

export function formatNumber(x: number | null): string {
  if (x === null) return '—';
  if (Number.isInteger(x)) return String(x);
  return Math.abs(x) >= 1000 ? x.toFixed(1) : x.toFixed(3);
}

export function formatInterval(m: MetricValue): string {
  if (m.method === 'none' || m.ci_low === null || m.ci_high === null) return '—';
  return `[${formatNumber(m.ci_low)}, ${formatNumber(m.ci_high)}]`;
}

export const BASELINE_NOTE = [
  'Calibration references (paper, Table 16; on the paper’s own banks, so only the pattern transfers):',
  'P1 always-propose on dev: 56.3 % accuracy, macro-F1 0.240, worst-action recall 0;',
  'P2 anchor-fixed: 100 % feasible coverage, mean power ratio 0.3065, 0 queries;',
  'P3 last-state continuation: 0 % explicit reset by construction;',
  'P4 uniform random permutation of five: E[τ] = 0, exact match 0.83 %, top-1 20 %.',
  'Run the same baselines here (`run --agent always-propose|anchor-fixed|last-state|random`) to calibrate against this bank.',
].join(' ');

export function renderResultsMarkdown(result: { manifest: RunManifest; rows: readonly VehRow[]; metrics: SuiteMetrics }): string {
  const m = result.manifest;
  const filter = Object.entries(m.task_filter).map(([k, v]) => `${k}=${v}`).join(', ') || 'all tasks';
  const lines: string[] = [
    `# VEHBench run: ${m.agent.label}`,
    '',
    '| field | value |',
    '| --- | --- |',
    `| run id | ${m.run_id} |`,
    `| status | ${m.status} |`,
    `| agent | ${m.agent.id}${m.agent.privileged ? ' (privileged: reads the hidden reference)' : ''} |`,
    `| tasks | ${result.rows.length} of ${m.task_count} (${filter}) |`,
    `| seed | ${m.seed} |`,
    `| P3 prompt | ${m.p3_variant} |`,
    `| query budget | ${m.query_budget_rule_text} |`,
    `| oracle backend | ${m.oracle_backend} |`,
    `| bank hash | ${m.bank_hash} |`,
    `| app version | ${m.app_version} |`,
    `| started / finished | ${m.started_at} / ${m.finished_at} |`,
    '',
  ];
  for (const probe of PROBES) {
    const table = result.metrics[probe];
    if (!table) continue;
    const n = result.rows.filter((r) => r.probe === probe).length;
    const headline = HEADLINE_METRICS[probe];
    lines.push(`## ${probe} (${n} tasks) — headline: ${headline.label}`, '', '| metric | value | 95 % interval | n | interval method |', '| --- | ---: | --- | ---: | --- |');
    for (const [key, v] of Object.entries(table)) {
      const name = key === headline.key ? `**${key}**` : key;
      lines.push(`| ${name} | ${formatNumber(v.value)} | ${formatInterval(v)} | ${v.n} | ${v.method} |`);
    }
    lines.push('');
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
