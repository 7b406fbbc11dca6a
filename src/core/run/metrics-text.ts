/** Plain-text metric tables for the terminal (headline first, then the rest, each with its 95 % interval). */
import { PROBES } from '../veh/task-schema.ts';
import { HEADLINE_METRICS } from '../veh/run/headline.ts';
import { formatInterval, formatNumber } from '../veh/run/results-file.ts';
import type { SuiteMetrics } from '../suite/metrics.ts';

export function headlineLine(metrics: SuiteMetrics): string {
  const parts: string[] = [];
  for (const probe of PROBES) {
    const h = HEADLINE_METRICS[probe];
    const v = metrics[probe]?.[h.key];
    if (v) parts.push(`${probe} ${h.key} ${formatNumber(v.value)} ${formatInterval(v)}`);
  }
  return parts.join(' | ');
}

export function metricsText(metrics: SuiteMetrics): string {
  const lines: string[] = [];
  for (const probe of PROBES) {
    const table = metrics[probe];
    if (!table) continue;
    const h = HEADLINE_METRICS[probe].key;
    const keys = [h, ...Object.keys(table).filter((k) => k !== h)].filter((k) => k in table);
    const width = Math.max(...keys.map((k) => k.length));
    lines.push(`${probe}`);
    for (const k of keys) {
      const v = table[k];
      if (!v) continue;
      lines.push(`  ${k === h ? '*' : ' '} ${k.padEnd(width)}  ${formatNumber(v.value).padStart(8)}  ${formatInterval(v).padEnd(18)} n=${v.n}`);
    }
  }
  return lines.join('\n');
}
