import type { SuiteMetrics } from '../../core/suite/metrics.ts';
import { ERROR_FAMILIES } from '../../core/veh/metrics/index.ts';
import type { MetricTable, MetricValue } from '../../core/veh/rows.ts';
import { PROBES, type Probe } from '../../core/veh/task-schema.ts';
import { CiPlot, type CiPoint } from '../charts/CiPlot.tsx';
import { formatMetric } from '../format.ts';
import { HEADLINE_METRICS, headlineLabel, orderMetricNames, PROBE_TITLES } from './headline-metrics.ts';

/** Suite metrics per probe with 95 % intervals, and a plot of the headline metrics. */
export function MetricsPanel({ metrics, partial }: { metrics: SuiteMetrics; partial: boolean }) {
  const probes = PROBES.filter((p) => metrics[p] !== undefined);
  const points: CiPoint[] = probes.flatMap((probe) =>
    HEADLINE_METRICS[probe].flatMap((name) => {
      const m = metrics[probe]?.[name];
      return m && m.value !== null ? [{ label: `${probe} ${name}`, value: m.value, low: m.ci_low, high: m.ci_high }] : [];
    }),
  );
  return (
    <section className="panel" aria-labelledby="metrics-heading" data-testid="metrics-panel">
      <h2 id="metrics-heading">Suite metrics</h2>
      {partial && <p className="note">The run stopped early: metrics cover only the tasks that finished.</p>}
      {probes.length === 0 && <p className="note">No metrics: no task finished.</p>}
      <figure className="chart-figure">
        <CiPlot title="Headline metrics with 95 % intervals" points={points} />
      </figure>
      {probes.map((probe) => (
        <ProbeMetricsTable key={probe} probe={probe} table={metrics[probe] ?? {}} />
      ))}
    </section>
  );
}

function ProbeMetricsTable({ probe, table }: { probe: Probe; table: MetricTable }) {
  const families = new Map(ERROR_FAMILIES[probe].map((f) => [f.key, f.family]));
  const { headline, other } = orderMetricNames(probe, Object.keys(table));
  const diagnostics = other.filter((n) => !families.has(n));
  const familyKeys = other.filter((n) => families.has(n));
  return (
    <div className="table-scroll">
      <table className="data-table compact metrics-table" data-testid={`metrics-${probe}`}>
        <caption>
          {PROBE_TITLES[probe]} — headline: {headlineLabel(probe)}
        </caption>
        <thead>
          <tr>
            <th scope="col">Metric</th>
            <th scope="col">Value [95 % interval]</th>
            <th scope="col">Method</th>
            <th scope="col">n</th>
          </tr>
        </thead>
        <tbody>
          {headline.map((name) => (
            <MetricRow key={name} name={name} metric={table[name]} emphasis />
          ))}
          {diagnostics.map((name) => (
            <MetricRow key={name} name={name} metric={table[name]} />
          ))}
          {familyKeys.length > 0 && (
            <tr>
              <th scope="rowgroup" colSpan={4} className="group-heading">
                Error families (non-exclusive rates; lower is better)
              </th>
            </tr>
          )}
          {familyKeys.map((name) => (
            <MetricRow key={name} name={name} label={`${families.get(name) ?? name} (${name})`} metric={table[name]} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MetricRow({ name, label, metric, emphasis = false }: { name: string; label?: string; metric: MetricValue | undefined; emphasis?: boolean }) {
  if (!metric) return null;
  const hasCi = metric.ci_low !== null && metric.ci_high !== null;
  return (
    <tr className={emphasis ? 'headline' : undefined}>
      <th scope="row" className="mono">
        {label ?? name}
      </th>
      {/* The cell's text starts with the 3-decimal value; e2e tests and copy-paste rely on that. */}
      <td data-testid={`metric-${name}`}>
        {formatMetric(metric.value)}
        {hasCi && <span className="ci">{` [${formatMetric(metric.ci_low)}, ${formatMetric(metric.ci_high)}]`}</span>}
      </td>
      <td>{metric.method}</td>
      <td>{metric.n}</td>
    </tr>
  );
}
