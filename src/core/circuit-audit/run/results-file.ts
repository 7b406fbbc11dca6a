/**
 * Circuit results.json (manifest + rows + metrics) and its Markdown rendering, results.md, with one
 * table per probe (each metric with its 95 % interval) and the definitions this implementation had to
 * choose where Appendix R leaves them open.
 */
import { z } from 'zod';
import { groupMetricLines, manifestHeadLines, manifestTailLines } from '../../run/format.ts';
import { SuiteMetricsSchema } from '../../suite/metrics.ts';
import type { SuiteMetrics } from '../../suite/metrics.ts';
import { PROBES } from '../../veh/task-schema.ts';
import { CircuitRowSchema, type CircuitRow } from '../metrics/rows.ts';
import { OVER_EDIT_THRESHOLD } from '../metrics/p2.ts';
import { CircuitRunManifestSchema, type CircuitRunManifest } from './manifest.ts';

export const CIRCUIT_RESULTS_SCHEMA_VERSION = 1;

export const CircuitResultsFileSchema = z.strictObject({
  schema_version: z.literal(CIRCUIT_RESULTS_SCHEMA_VERSION),
  suite: z.literal('circuit'),
  manifest: CircuitRunManifestSchema,
  rows: z.array(CircuitRowSchema),
  metrics: SuiteMetricsSchema,
});
export type CircuitResultsFile = z.infer<typeof CircuitResultsFileSchema>;

export const CIRCUIT_HEADLINES: Readonly<Record<string, { key: string; label: string }>> = {
  P1: { key: 'p1_composite', label: 'P1-Composite' },
  P2: { key: 'p2b', label: 'P2b (final feasible objective score)' },
  P3: { key: 'p3_success', label: 'P3 success' },
  P4: { key: 'kendall_tau', label: 'Kendall τ' },
};

export const CIRCUIT_METRIC_NOTES = [
  'P1: spurious and unsafe propose are rates over all P1 tasks (as Table 40 reports them); P1-Composite = 0.40 macro-F1 + 0.20 ACS + 0.15 MDS + 0.15 IDS + 0.10 (1 − unsafe propose) — the paper names the penalised behaviours but not the circuit weights.',
  `P2: P2b = mean of feasible · BKF power / final power (the objective is minimised); over-edit = transitions whose mean log edit delta (A-30) exceeds ${OVER_EDIT_THRESHOLD}.`,
  'P3: cascade = escaped tasks where a constraint the trap satisfied is violated at or after the escape.',
  'P4: flip accuracy = policy-sensitive pairs ordered as the policy orders them; BARS = 0.55 (τ+1)/2 + 0.25 flip + 0.20 exact on all rows.',
];

export function toCircuitResultsFile(r: { manifest: CircuitRunManifest; rows: readonly CircuitRow[]; metrics: SuiteMetrics }): CircuitResultsFile {
  return { schema_version: CIRCUIT_RESULTS_SCHEMA_VERSION, suite: 'circuit', manifest: r.manifest, rows: [...r.rows], metrics: r.metrics };
}

export function renderCircuitResultsMarkdown(r: { manifest: CircuitRunManifest; rows: readonly CircuitRow[]; metrics: SuiteMetrics }): string {
  const m = r.manifest;
  const lines: string[] = [
    ...manifestHeadLines(`# Circuit audit run: ${m.agent.label}`, m, r.rows.length),
    `| query budget | ${m.query_budget_rule_text} |`,
    `| P3 opening | ${m.p3_variant === 'state_summary' ? 'state_summary (verifier-authored digest instead of the corrupted history)' : 'raw_history'} |`,
    ...manifestTailLines(m),
    ...(m.model ? [`| model | ${m.model.provider} ${m.model.model} (${m.model.endpoint}) |`, `| budget | ${m.model.budget_text} |`] : []),
    '',
  ];
  for (const probe of PROBES) {
    const table = r.metrics[probe];
    if (!table) continue;
    lines.push(...groupMetricLines(probe, r.rows.filter((row) => row.probe === probe).length, CIRCUIT_HEADLINES[probe], table));
  }
  lines.push('## Definitions', '', ...CIRCUIT_METRIC_NOTES.map((s) => `- ${s}`), '', m.decoding, '');
  return lines.join('\n');
}
