/**
 * The design run manifest (suite 'design') and results.json / results.md: manifest, one row per
 * task, the Table 3 metrics with their 95 % intervals, and the per-task usage of model runs.
 */
import type { z } from 'zod';
import type { Clock } from '../agent/types.ts';
import type { ManifestInput, RunStatus } from '../run/types.ts';
import { formatNumber } from '../run/format.ts';
import { buildToolSuiteManifest, metricTablesMarkdown, toToolSuiteResultsFile, toolSuiteMarkdownHead, toolSuiteManifestSchema, toolSuiteResultsFileSchema, toolSuiteRunId } from '../run/tool-suite-manifest.ts';
import type { SuiteMetrics } from '../suite/metrics.ts';
import type { DesignRunOptions, DesignTranscript } from './episode.ts';
import { DESIGN_METRIC_GROUPS } from './metrics.ts';
import { DesignRowSchema, type DesignRow } from './rows.ts';

export const DesignRunManifestSchema = toolSuiteManifestSchema('design');
export type DesignRunManifest = z.infer<typeof DesignRunManifestSchema>;

export const designRunId = (input: ManifestInput<DesignRunOptions>): string => toolSuiteRunId('design', input);

export function buildDesignManifest(input: ManifestInput<DesignRunOptions>, clock: Clock, status: RunStatus, transcripts: readonly DesignTranscript[]): DesignRunManifest {
  return buildToolSuiteManifest('design', (t: DesignTranscript) => t.task.family, input, clock, status, transcripts);
}

export const DesignResultsFileSchema = toolSuiteResultsFileSchema('design', DesignRunManifestSchema, DesignRowSchema);

export function toDesignResultsFile(r: { manifest: DesignRunManifest; rows: readonly DesignRow[]; metrics: SuiteMetrics; transcripts?: readonly DesignTranscript[] }): z.infer<typeof DesignResultsFileSchema> {
  return toToolSuiteResultsFile('design', r);
}

export const DESIGN_HEADLINES: Readonly<Record<string, { key: string; label: string }>> = {
  design: { key: 'mean_score', label: 'mean S' },
  reimplementation: { key: 'mean_score', label: 'mean S' },
};

const fmtJ = (j: number | null): string => (j === null ? '—' : formatNumber(j));

export function renderDesignResultsMarkdown(r: { manifest: DesignRunManifest; rows: readonly DesignRow[]; metrics: SuiteMetrics }): string {
  const valid = r.rows.filter((row) => row.valid).length;
  const lines = [
    ...toolSuiteMarkdownHead('Spec-to-design run', r.manifest, { rows: r.rows.length, counted: `${valid} valid`, privileged: 'reads the reference designs' }),
    '## Tasks',
    '',
    '| task | family | physics | S | J | valid | probes | submitted | first failed gate |',
    '| --- | --- | --- | ---: | ---: | --- | ---: | --- | --- |',
    ...r.rows.map((row) => {
      const gate = row.evaluated.find((e) => e.source_sha256 === row.scored_sha256)?.first_failed_gate ?? (row.evaluated.length === 0 ? 'nothing evaluated' : null);
      return `| ${row.task_id} | ${row.family} | ${row.physics} | ${row.score.toFixed(4)} | ${fmtJ(row.scored_J)} | ${row.valid ? 'yes' : 'no'} | ${row.probes_used}/${row.probe_budget} | ${row.submitted ? 'yes' : 'no'} | ${gate ?? '—'} |`;
    }),
    '',
  ];
  lines.push(...metricTablesMarkdown(DESIGN_METRIC_GROUPS, r.metrics));
  lines.push('Score (seed Table 3): the best S over every evaluated design for Design tasks, the submission for Reimplementation; invalid designs score 0; S = 1/(1 + J/c).', '');
  return lines.join('\n');
}
