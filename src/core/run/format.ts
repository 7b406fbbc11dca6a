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
