/**
 * results.md of an export: the run's results.md (manifest facts, metric tables, baselines) followed
 * by one line per task from the summary table (pass, score, failed checks, tool calls, turns, wall
 * time, tokens, cost, status).
 */
import type { ManifestCore } from '../run/manifest-core.ts';
import type { TranscriptCore } from '../run/transcript-core.ts';
import type { AnySuite } from '../suite/contract.ts';
import type { SuiteMetrics } from '../suite/metrics.ts';
import { formatUsd } from '../run/usage.ts';
import { summariseTasks, type TaskSummary } from './task-summary.ts';

/** Markdown table cells hold one line and no pipes (task text never reaches here, but check text can). */
const cell = (s: string): string => s.replace(/[\r\n]+/g, ' ').replace(/\|/g, '\\|');

function taskLine(t: TaskSummary): string {
  const failed = t.failed_checks.map((c) => `${c.check}: ${c.detail}`).join('; ') || '—';
  const score = Number.isInteger(t.score) ? String(t.score) : t.score.toFixed(3);
  return `| ${t.task_index} | ${cell(t.task_id)} | ${t.status} | ${t.pass ? 'pass' : 'fail'} | ${score} | ${cell(failed)} | ${t.tool_calls} | ${t.turns} | ${(t.wall_ms / 1000).toFixed(2)} | ${t.input_tokens} / ${t.output_tokens} | ${formatUsd(t.cost_usd)} |`;
}

export function renderExportMarkdown(suite: AnySuite, run: { manifest: ManifestCore; rows: readonly { task_id: string }[]; metrics: SuiteMetrics; transcripts: readonly TranscriptCore[] }): string {
  const tasks = summariseTasks(suite.scoring, run.rows, run.transcripts);
  const passed = tasks.filter((t) => t.pass).length;
  return [
    suite.results.markdown(run),
    `## Tasks (${passed} of ${tasks.length} pass)`,
    '',
    suite.scoring.passRule,
    '',
    '| # | task | status | pass | score | failed checks | tool calls | turns | wall s | tokens in / out | cost |',
    '| ---: | --- | --- | --- | ---: | --- | ---: | ---: | ---: | --- | ---: |',
    ...tasks.map(taskLine),
    '',
  ].join('\n');
}
