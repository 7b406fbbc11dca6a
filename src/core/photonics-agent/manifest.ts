/**
 * The photonics-agent run manifest (suite 'photonics-agent'): what was run and how to rerun it, and
 * results.json / results.md: manifest, one row per task, metrics with their 95 % intervals, and the
 * per-task usage of model runs.
 */
import type { z } from 'zod';
import type { Clock } from '../agent/types.ts';
import type { ManifestInput, RunStatus } from '../run/types.ts';
import { buildToolSuiteManifest, metricTablesMarkdown, toToolSuiteResultsFile, toolSuiteMarkdownHead, toolSuiteManifestSchema, toolSuiteResultsFileSchema, toolSuiteRunId } from '../run/tool-suite-manifest.ts';
import type { SuiteMetrics } from '../suite/metrics.ts';
import type { PhotonicsRunOptions, PhotonicsTranscript } from './episode.ts';
import { PHOTONICS_METRIC_GROUPS } from './metrics.ts';
import { PhotonicsRowSchema, type PhotonicsRow } from './rows.ts';

export const PhotonicsRunManifestSchema = toolSuiteManifestSchema('photonics-agent');
export type PhotonicsRunManifest = z.infer<typeof PhotonicsRunManifestSchema>;

export const photonicsRunId = (input: ManifestInput<PhotonicsRunOptions>): string => toolSuiteRunId('photonics-agent', input);

export function buildPhotonicsManifest(input: ManifestInput<PhotonicsRunOptions>, clock: Clock, status: RunStatus, transcripts: readonly PhotonicsTranscript[]): PhotonicsRunManifest {
  return buildToolSuiteManifest('photonics-agent', (t: PhotonicsTranscript) => t.task.category, input, clock, status, transcripts);
}

export const PhotonicsResultsFileSchema = toolSuiteResultsFileSchema('photonics-agent', PhotonicsRunManifestSchema, PhotonicsRowSchema);

export function toPhotonicsResultsFile(r: { manifest: PhotonicsRunManifest; rows: readonly PhotonicsRow[]; metrics: SuiteMetrics; transcripts?: readonly PhotonicsTranscript[] }): z.infer<typeof PhotonicsResultsFileSchema> {
  return toToolSuiteResultsFile('photonics-agent', r);
}

export const PHOTONICS_HEADLINES: Readonly<Record<string, { key: string; label: string }>> = {
  standard: { key: 'pass_rate', label: 'pass rate' },
  trap: { key: 'pass_rate', label: 'pass rate' },
  pushback: { key: 'pass_rate', label: 'pass rate' },
  warning: { key: 'pass_rate', label: 'pass rate' },
};

export function renderPhotonicsResultsMarkdown(r: { manifest: PhotonicsRunManifest; rows: readonly PhotonicsRow[]; metrics: SuiteMetrics }): string {
  const passed = r.rows.filter((row) => row.pass).length;
  const lines = [
    ...toolSuiteMarkdownHead('Photonics agent run', r.manifest, { rows: r.rows.length, counted: `${passed} passed`, privileged: 'reads the hidden task file' }),
    '## Tasks',
    '',
    '| task | category | kind | pass | score | failed checks | tool calls (failed) | turns |',
    '| --- | --- | --- | --- | ---: | --- | ---: | ---: |',
    ...r.rows.map((row) => `| ${row.task_id} | ${row.category} | ${row.kind} | ${row.pass ? 'yes' : 'no'} | ${row.score.toFixed(2)} | ${row.failed_checks.join(', ') || '—'} | ${row.tool_calls} (${row.failed_tool_calls}) | ${row.turns} |`),
    '',
  ];
  lines.push(...metricTablesMarkdown(PHOTONICS_METRIC_GROUPS, r.metrics));
  lines.push('Pass = every required check passed; score = the fraction of all checks passed (spec, material and wavelength checks are diagnostics: they count in the score only). In failed_checks each value is the share of the tasks with that check that failed it.', '');
  return lines.join('\n');
}
