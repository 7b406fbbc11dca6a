import type { RunComparison } from '../../core/leaderboard/compare-runs.ts';
import { formatMetric } from '../format.ts';

const signed = (v: number | null): string => (v === null ? '—' : `${v > 0 ? '+' : v < 0 ? '−' : '±'}${formatMetric(Math.abs(v))}`);

/** Per probe: the four outcome counts and the paired-bootstrap headline delta B − A. */
export function CompareSummary({ comparison }: { comparison: RunComparison }) {
  return (
    <div className="table-scroll">
      <table className="data-table" data-testid="compare-summary">
        <caption>Paired tasks per stage; Δ = B − A on the paired tasks, 95 % paired-bootstrap interval</caption>
        <thead>
          <tr>
            <th scope="col">Stage</th>
            <th scope="col">Paired tasks</th>
            <th scope="col">Improvements</th>
            <th scope="col">Regressions</th>
            <th scope="col">Both fail</th>
            <th scope="col">Both pass</th>
            <th scope="col">Headline A</th>
            <th scope="col">Headline B</th>
            <th scope="col">Δ [95 % CI]</th>
          </tr>
        </thead>
        <tbody>
          {comparison.groups.map((p) => {
            const h = p.headline;
            const significant = h.ci_low !== null && h.ci_high !== null && (h.ci_low > 0 || h.ci_high < 0);
            return (
              <tr key={p.group} data-testid="compare-probe-row" data-probe={p.group}>
                <th scope="row">
                  {p.group}
                  <div className="note">{h.label}</div>
                </th>
                <td>{p.pairs}</td>
                <td className={p.counts.improvement > 0 ? 'pass' : undefined} data-testid="count-improvement">
                  {p.counts.improvement}
                </td>
                <td className={p.counts.regression > 0 ? 'fail' : undefined} data-testid="count-regression">
                  {p.counts.regression}
                </td>
                <td data-testid="count-both_fail">{p.counts.both_fail}</td>
                <td data-testid="count-both_pass">{p.counts.both_pass}</td>
                <td className="mono">{formatMetric(h.a)}</td>
                <td className="mono">{formatMetric(h.b)}</td>
                <td className="mono" data-testid="compare-delta">
                  {signed(h.delta)} {h.ci_low !== null && h.ci_high !== null ? `[${formatMetric(h.ci_low)}, ${formatMetric(h.ci_high)}]` : ''}
                  {significant && <div className="note">interval excludes 0</div>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {(comparison.only_a.length > 0 || comparison.only_b.length > 0) && (
        <p className="note" data-testid="compare-unpaired">
          Not paired: {comparison.only_a.length} task(s) only in A, {comparison.only_b.length} only in B (left out of every count and delta).
        </p>
      )}
    </div>
  );
}
