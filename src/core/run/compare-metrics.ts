/** Exact comparison of two metric sets (as saved in JSON), naming every metric that differs. */
import type { SuiteMetrics } from '../suite/metrics.ts';
import { PROBES } from '../veh/task-schema.ts';

const FIELDS = ['value', 'ci_low', 'ci_high', 'method', 'n'] as const;

export function diffMetrics(expected: SuiteMetrics, actual: SuiteMetrics): string[] {
  // Compare as JSON would store them, so a value read back from results.json matches its source.
  const a = JSON.parse(JSON.stringify(expected)) as SuiteMetrics;
  const b = JSON.parse(JSON.stringify(actual)) as SuiteMetrics;
  const out: string[] = [];
  for (const probe of PROBES) {
    const ta = a[probe] ?? {};
    const tb = b[probe] ?? {};
    const keys = [...new Set([...Object.keys(ta), ...Object.keys(tb)])];
    for (const key of keys) {
      const ma = ta[key];
      const mb = tb[key];
      if (!ma || !mb) {
        out.push(`${probe}.${key} (${ma ? 'missing from the recomputation' : 'not in results.json'})`);
        continue;
      }
      for (const f of FIELDS) {
        if (ma[f] !== mb[f]) out.push(`${probe}.${key}.${f}: results.json ${String(ma[f])} vs recomputed ${String(mb[f])}`);
      }
    }
  }
  return out;
}
