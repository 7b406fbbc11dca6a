import type { AnySuite } from '../../core/suite/contract.ts';
import type { MetricTable, MetricValue, SuiteMetrics } from '../../core/suite/metrics.ts';
import { CiPlot, type CiPoint } from '../charts/CiPlot.tsx';
import { formatMetric } from '../format.ts';

/**
 * A run's metrics per task group with 95 % intervals, and a plot of each group's headline. Each
 * table leads with the group's headline (the suite's, the same one the CLI summary prints), then
 * the higher-is-better scores, then the error and failure rates the suite ranks lower-is-better.
 */
export function MetricsPanel({ suite, metrics, partial }: { suite: AnySuite; metrics: SuiteMetrics; partial: boolean }) {
  const groups = suite.groups.ids.filter((g) => metrics[g] !== undefined);
  const points: CiPoint[] = groups.flatMap((group) => {
    const key = suite.groups.headline[group]?.key;
    const m = key !== undefined ? metrics[group]?.[key] : undefined;
    return m && m.value !== null ? [{ label: `${group} ${key}`, value: m.value, low: m.ci_low, high: m.ci_high }] : [];
  });
  return (
    <section className="panel" aria-labelledby="metrics-heading" data-testid="metrics-panel">
      <h2 id="metrics-heading">Suite metrics</h2>
      {partial && <p className="note">The run stopped early: metrics cover only the tasks that finished.</p>}
      {groups.length === 0 && <p className="note">No metrics: no task finished.</p>}
      <figure className="chart-figure">
        <CiPlot title="Headline metrics with 95 % intervals" points={points} />
      </figure>
      {groups.map((group) => (
        <GroupMetricsTable key={group} suite={suite} group={group} table={metrics[group] ?? {}} />
      ))}
    </section>
  );
}

function GroupMetricsTable({ suite, group, table }: { suite: AnySuite; group: string; table: MetricTable }) {
  const headline = suite.groups.headline[group];
  const names = Object.keys(table);
  const lead = names.filter((n) => n === headline?.key);
  const lower = names.filter((n) => n !== headline?.key && suite.scoring.metricDirection(n) === 'lower');
  const other = names.filter((n) => n !== headline?.key && !lower.includes(n));
  return (
    <div className="table-scroll">
      <table className="data-table compact metrics-table" data-testid={`metrics-${group}`}>
        <caption>
          {group} — headline: {headline?.label ?? '—'}
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
          {lead.map((name) => (
            <MetricRow key={name} name={name} metric={table[name]} emphasis />
          ))}
          {other.map((name) => (
            <MetricRow key={name} name={name} metric={table[name]} />
          ))}
          {lower.length > 0 && (
            <tr>
              <th scope="rowgroup" colSpan={4} className="group-heading">
                Error and failure rates (lower is better)
              </th>
            </tr>
          )}
          {lower.map((name) => {
            const label = suite.scoring.metricLabel(group, name);
            return <MetricRow key={name} name={name} label={label === name.replace(/_/g, ' ') ? name : `${label} (${name})`} metric={table[name]} />;
          })}
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
