/** Plain-text metric tables for the terminal (headline first, then the rest, each with its 95 % interval). */
import type { SuiteMetrics } from '../suite/metrics.ts';
import { formatInterval, formatNumber } from './format.ts';

/** A suite's metric groups in order, each with its headline metric (src/core/suite/contract.ts TaskGroups). */
export interface MetricGroups {
  readonly ids: readonly string[];
  readonly headline: Readonly<Record<string, { key: string; label: string }>>;
}

/** Every group in the suite's order, then any other group the metrics hold. */
const groupsOf = (metrics: SuiteMetrics, groups: MetricGroups): string[] => [...new Set([...groups.ids, ...Object.keys(metrics)])];

export function headlineLine(metrics: SuiteMetrics, groups: MetricGroups): string {
  const parts: string[] = [];
  for (const group of groupsOf(metrics, groups)) {
    const h = Object.hasOwn(groups.headline, group) ? groups.headline[group] : undefined;
    const v = h ? metrics[group]?.[h.key] : undefined;
    if (h && v) parts.push(`${group} ${h.key} ${formatNumber(v.value)} ${formatInterval(v)}`);
  }
  return parts.join(' | ');
}

export function metricsText(metrics: SuiteMetrics, groups: MetricGroups): string {
  const lines: string[] = [];
  for (const group of groupsOf(metrics, groups)) {
    const table = metrics[group];
    if (!table) continue;
    const h = Object.hasOwn(groups.headline, group) ? groups.headline[group]?.key : undefined;
    const keys = [...(h !== undefined ? [h] : []), ...Object.keys(table).filter((k) => k !== h)].filter((k) => k in table);
    const width = Math.max(...keys.map((k) => k.length));
    lines.push(`${group}`);
    for (const k of keys) {
      const v = table[k];
      if (!v) continue;
      lines.push(`  ${k === h ? '*' : ' '} ${k.padEnd(width)}  ${formatNumber(v.value).padStart(8)}  ${formatInterval(v).padEnd(18)} n=${v.n}`);
    }
  }
  return lines.join('\n');
}
