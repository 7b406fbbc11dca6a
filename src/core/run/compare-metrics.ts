/** Exact comparison of two metric sets (as saved in JSON), naming every metric that differs. */
import type { SuiteMetrics } from '../suite/metrics.ts';

const FIELDS = ['value', 'ci_low', 'ci_high', 'method', 'n'] as const;

/** Differences group by group: `groups` first (the suite's order), then any other group either side holds. */
export function diffMetrics(expected: SuiteMetrics, actual: SuiteMetrics, groups: readonly string[] = []): string[] {
  // Compare as JSON would store them, so a value read back from results.json matches its source.
  const a = JSON.parse(JSON.stringify(expected)) as SuiteMetrics;
  const b = JSON.parse(JSON.stringify(actual)) as SuiteMetrics;
  const out: string[] = [];
  for (const group of [...new Set([...groups, ...Object.keys(a), ...Object.keys(b)])]) {
    const ta = a[group] ?? {};
    const tb = b[group] ?? {};
    const keys = [...new Set([...Object.keys(ta), ...Object.keys(tb)])];
    for (const key of keys) {
      const ma = Object.hasOwn(ta, key) ? ta[key] : undefined;
      const mb = Object.hasOwn(tb, key) ? tb[key] : undefined;
      if (!ma || !mb) {
        out.push(`${group}.${key} (${ma ? 'missing from the recomputation' : 'not in results.json'})`);
        continue;
      }
      for (const f of FIELDS) {
        if (ma[f] !== mb[f]) out.push(`${group}.${key}.${f}: results.json ${String(ma[f])} vs recomputed ${String(mb[f])}`);
      }
    }
  }
  return out;
}
