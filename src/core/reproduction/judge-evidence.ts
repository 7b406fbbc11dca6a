/**
 * The read-only evidence an interpretive leaf is judged on: what the clean replay regenerated (its
 * artifacts, summarised; its logs; its oracle calls) and the package's report, if it ships one.
 * Every item has an id the judge cites (artifact:NAME, log:N, call:N, report). Built from the
 * verdict's record and the submitted files alone, so verify rebuilds it from the results file.
 * Sizes are capped so one request stays well inside a model's context.
 */
import type { Artifact, OracleCallRecord, PackageFile } from './replay.ts';

export interface EvidenceSource {
  record: { status: string; artifacts: readonly Artifact[]; logs: readonly string[]; calls: readonly OracleCallRecord[] };
  /** The package as submitted (the report is the one non-source file the judge reads). */
  files: readonly PackageFile[];
}

export interface JudgeEvidence {
  report: { id: 'report'; path: string; text: string } | null;
  artifacts: { id: string; kind: Artifact['kind']; summary: unknown }[];
  logs: { id: string; text: string }[];
  oracle_calls: { id: string; tool: OracleCallRecord['tool']; ok: boolean; error: string | null; arguments: string }[];
  /** How many logs and calls were left out by the caps. */
  omitted: { logs: number; oracle_calls: number };
}

const REPORT = /^(report|readme)\.(md|txt)$/i;
const MAX_REPORT_CHARS = 20_000;
const MAX_ROWS = 60;
const MAX_JSON_CHARS = 4000;
const MAX_LOGS = 100;
const MAX_LOG_CHARS = 500;
const MAX_CALLS = 100;
const MAX_ARGUMENT_CHARS = 300;

const cut = (s: string, n: number): string => (s.length <= n ? s : `${s.slice(0, n)}… (${s.length} characters)`);

/** Tables keep their columns and first rows; JSON its text up to a cap; an SVG only its size (a figure's text is not evidence). */
function summary(a: Artifact): unknown {
  if (a.kind === 'svg') return { svg_chars: typeof a.data === 'string' ? a.data.length : 0 };
  if (a.kind === 'table') {
    const t = a.data as { columns?: unknown; rows?: unknown };
    const rows = Array.isArray(t.rows) ? t.rows : [];
    return { columns: t.columns, n_rows: rows.length, rows: rows.slice(0, MAX_ROWS) };
  }
  const text = JSON.stringify(a.data) ?? 'null';
  return text.length <= MAX_JSON_CHARS ? a.data : { truncated_json: cut(text, MAX_JSON_CHARS) };
}

export function buildJudgeEvidence(source: EvidenceSource): JudgeEvidence {
  const { record } = source;
  const report = [...source.files].sort((a, b) => (a.path < b.path ? -1 : 1)).find((f) => REPORT.test(f.path));
  const logs = record.logs.slice(-MAX_LOGS);
  const firstLog = record.logs.length - logs.length;
  return {
    report: report ? { id: 'report', path: report.path, text: cut(report.text, MAX_REPORT_CHARS) } : null,
    artifacts: record.artifacts.map((a) => ({ id: `artifact:${a.name}`, kind: a.kind, summary: summary(a) })),
    logs: logs.map((text, i) => ({ id: `log:${firstLog + i}`, text: cut(text, MAX_LOG_CHARS) })),
    oracle_calls: record.calls.slice(0, MAX_CALLS).map((c) => ({ id: `call:${c.index}`, tool: c.tool, ok: c.ok, error: c.error, arguments: cut(JSON.stringify(c.arguments) ?? 'null', MAX_ARGUMENT_CHARS) })),
    omitted: { logs: firstLog, oracle_calls: Math.max(0, record.calls.length - MAX_CALLS) },
  };
}

/** The ids a judge may cite: the items it was shown. */
export function evidenceIds(e: JudgeEvidence): Set<string> {
  return new Set([...(e.report ? ['report'] : []), ...e.artifacts.map((a) => a.id), ...e.logs.map((l) => l.id), ...e.oracle_calls.map((c) => c.id)]);
}
