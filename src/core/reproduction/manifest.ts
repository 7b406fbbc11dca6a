/** The reproduction run manifest (suite 'reproduction') and results.json / results.md. */
import type { z } from 'zod';
import type { Clock } from '../agent/types.ts';
import type { ManifestInput, RunStatus } from '../run/types.ts';
import { buildToolSuiteManifest, metricTablesMarkdown, toToolSuiteResultsFile, toolSuiteMarkdownHead, toolSuiteManifestSchema, toolSuiteResultsFileSchema, toolSuiteRunId } from '../run/tool-suite-manifest.ts';
import type { SuiteMetrics } from '../suite/metrics.ts';
import type { ReproductionRunOptions, ReproductionTranscript } from './episode.ts';
import { REPRODUCTION_GROUP, REPRODUCTION_METRIC_GROUPS } from './metrics.ts';
import { ReproductionRowSchema, type ReproductionRow } from './rows.ts';

export const ReproductionRunManifestSchema = toolSuiteManifestSchema('reproduction');
export type ReproductionRunManifest = z.infer<typeof ReproductionRunManifestSchema>;

export const reproductionRunId = (input: ManifestInput<ReproductionRunOptions>): string => toolSuiteRunId('reproduction', input);

export function buildReproductionManifest(input: ManifestInput<ReproductionRunOptions>, clock: Clock, status: RunStatus, transcripts: readonly ReproductionTranscript[]): ReproductionRunManifest {
  return buildToolSuiteManifest('reproduction', () => REPRODUCTION_GROUP, input, clock, status, transcripts);
}

export const ReproductionResultsFileSchema = toolSuiteResultsFileSchema('reproduction', ReproductionRunManifestSchema, ReproductionRowSchema);

export function toReproductionResultsFile(r: { manifest: ReproductionRunManifest; rows: readonly ReproductionRow[]; metrics: SuiteMetrics; transcripts?: readonly ReproductionTranscript[] }): z.infer<typeof ReproductionResultsFileSchema> {
  return toToolSuiteResultsFile('reproduction', r);
}

export const REPRODUCTION_HEADLINES: Readonly<Record<string, { key: string; label: string }>> = {
  [REPRODUCTION_GROUP]: { key: 'partial', label: 'Partial' },
};

const stage = (x: number | null): string => (x === null ? '—' : x.toFixed(3));

export function renderReproductionResultsMarkdown(r: { manifest: ReproductionRunManifest; rows: readonly ReproductionRow[]; metrics: SuiteMetrics }): string {
  const full = r.rows.filter((row) => row.full).length;
  const lines = [
    ...toolSuiteMarkdownHead('Paper-reproduction run', r.manifest, { rows: r.rows.length, counted: `${full} Full`, privileged: 'submits the reference workflows' }),
    '## Tasks',
    '',
    '| task | solver | score | Full | Modeling | Execution | Validation | replay | leaves below full credit |',
    '| --- | --- | ---: | --- | ---: | ---: | ---: | --- | --- |',
    ...r.rows.map((row) => `| ${row.task_id} | ${row.solver} | ${row.score.toFixed(4)} | ${row.full ? 'yes' : 'no'} | ${stage(row.stages.modeling)} | ${stage(row.stages.execution)} | ${stage(row.stages.validation)} | ${row.replay_status} | ${row.failed_leaves.join(', ') || '—'} |`),
    '',
  ];
  lines.push(...metricTablesMarkdown(REPRODUCTION_METRIC_GROUPS, r.metrics));
  lines.push('Score (seed 003): the clean replay of the submitted package graded by the hidden rubric; Full when strictly above 0.9; Partial is the mean task score.', '');
  return lines.join('\n');
}
