/** How metric values read in terminals and Markdown: the same digits in every suite's results.md. */
import type { MetricValue } from '../suite/metrics.ts';

export function formatNumber(x: number | null): string {
  if (x === null) return '—';
  if (Number.isInteger(x)) return String(x);
  return Math.abs(x) >= 1000 ? x.toFixed(1) : x.toFixed(3);
}

export function formatInterval(m: MetricValue): string {
  if (m.method === 'none' || m.ci_low === null || m.ci_high === null) return '—';
  return `[${formatNumber(m.ci_low)}, ${formatNumber(m.ci_high)}]`;
}

/** The facts every suite's results.md opens with: title, run id, status, agent, tasks (with the filter) and seed. */
export function manifestHeadLines(title: string, m: { run_id: string; status: string; agent: { id: string; privileged: boolean }; task_filter: Record<string, string>; task_count: number; seed: number }, rowCount: number): string[] {
  const filter = Object.entries(m.task_filter).map(([k, v]) => `${k}=${v}`).join(', ') || 'all tasks';
  return [
    title,
    '',
    '| field | value |',
    '| --- | --- |',
    `| run id | ${m.run_id} |`,
    `| status | ${m.status} |`,
    `| agent | ${m.agent.id}${m.agent.privileged ? ' (privileged: reads the hidden reference)' : ''} |`,
    `| tasks | ${rowCount} of ${m.task_count} (${filter}) |`,
    `| seed | ${m.seed} |`,
  ];
}

/** The facts after a suite's own settings: where it ran and when. */
export function manifestTailLines(m: { oracle_backend: string; bank_hash: string; app_version: string; started_at: string; finished_at: string }): string[] {
  return [`| oracle backend | ${m.oracle_backend} |`, `| bank hash | ${m.bank_hash} |`, `| app version | ${m.app_version} |`, `| started / finished | ${m.started_at} / ${m.finished_at} |`];
}

/** One group's metric table in results.md, its headline in bold. */
export function groupMetricLines(group: string, n: number, headline: { key: string; label: string } | undefined, table: Readonly<Record<string, MetricValue>>): string[] {
  const lines = [`## ${group} (${n} tasks) — headline: ${headline?.label ?? '—'}`, '', '| metric | value | 95 % interval | n | interval method |', '| --- | ---: | --- | ---: | --- |'];
  for (const [key, v] of Object.entries(table)) lines.push(`| ${key === headline?.key ? `**${key}**` : key} | ${formatNumber(v.value)} | ${formatInterval(v)} | ${v.n} | ${v.method} |`);
  lines.push('');
  return lines;
}
