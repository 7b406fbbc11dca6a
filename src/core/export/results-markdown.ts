/**
 * results.md of an export: the run's results.md (manifest facts, metric tables, baselines) followed
 * by one line per task from the summary table (pass, score, failed checks, tool calls, turns, wall
 * time, tokens, cost, status).
 */
import type { RunManifest } from '../veh/run/manifest.ts';
import { renderResultsMarkdown } from '../veh/run/results-file.ts';
import type { Transcript } from '../veh/run/transcript.ts';
import type { SuiteMetrics } from '../suite/metrics.ts';
import { formatUsd } from '../run/usage.ts';
import type { VehRow } from '../veh/rows.ts';
import { summariseTasks, type TaskSummary } from './task-summary.ts';

/** Markdown table cells hold one line and no pipes (task text never reaches here, but check text can). */
const cell = (s: string): string => s.replace(/[\r\n]+/g, ' ').replace(/\|/g, '\\|');

function taskLine(t: TaskSummary): string {
  const failed = t.failed_checks.map((c) => `${c.check}: ${c.detail}`).join('; ') || '—';
  const score = Number.isInteger(t.score) ? String(t.score) : t.score.toFixed(3);
  return `| ${t.task_index} | ${cell(t.task_id)} | ${t.status} | ${t.pass ? 'pass' : 'fail'} | ${score} | ${cell(failed)} | ${t.tool_calls} | ${t.turns} | ${(t.wall_ms / 1000).toFixed(2)} | ${t.input_tokens} / ${t.output_tokens} | ${formatUsd(t.cost_usd)} |`;
}

export function renderExportMarkdown(run: { manifest: RunManifest; rows: readonly VehRow[]; metrics: SuiteMetrics; transcripts: readonly Transcript[] }): string {
  const tasks = summariseTasks(run.rows, run.transcripts);
  const passed = tasks.filter((t) => t.pass).length;
  return [
    renderResultsMarkdown(run),
    `## Tasks (${passed} of ${tasks.length} pass)`,
    '',
    'Pass: P1 gold action, P2 feasible final design, P3 successful recovery, P4 exact order. Score: 1/0 for P1, P/P_BKF of a passing final design for P2/P3, Kendall τ for P4. Tool calls are the oracle evaluations the agent asked for.',
    '',
    '| # | task | status | pass | score | failed checks | tool calls | turns | wall s | tokens in / out | cost |',
    '| ---: | --- | --- | --- | ---: | --- | ---: | ---: | ---: | --- | ---: |',
    ...tasks.map(taskLine),
    '',
  ].join('\n');
}
