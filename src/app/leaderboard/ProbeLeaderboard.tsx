import { leaderboard, type LeaderboardEntry, type ScoredRun } from '../../core/leaderboard/leaderboard.ts';
import type { LeaderboardFilters } from '../../core/leaderboard/filters.ts';
import type { AnySuite } from '../../core/suite/contract.ts';
import { ExportableFigure } from '../charts/ExportableFigure.tsx';
import { Histogram } from '../charts/Histogram.tsx';
import { IntervalBarChart } from '../charts/IntervalBarChart.tsx';
import { formatMetric } from '../format.ts';
import { routeHref } from '../routing/route.ts';
import { runName, runNames } from '../runs/run-names.ts';
import { describeTaskFilter } from './filter-description.ts';
import { TrustBadge } from './TrustBadge.tsx';

const DIRECTION_NOTE = { higher: 'higher is better', lower: 'lower is better (an error rate)', neutral: 'no better side; sorted high to low' } as const;

/** Fixed axis for rates and scores on [0, 1], [−1, 1] for τ-like scores; free for counts. */
function axisDomain(entries: readonly LeaderboardEntry[]): readonly [number, number] | undefined {
  const vals = entries.flatMap((e) => [e.metric.value, e.metric.ci_low, e.metric.ci_high]).filter((v): v is number => v !== null);
  if (vals.length === 0) return [0, 1];
  const lo = Math.min(...vals);
  const hi = Math.max(...vals);
  if (lo >= 0 && hi <= 1) return [0, 1];
  if (lo >= -1 && hi <= 1) return [-1, 1];
  return undefined;
}

/** Runs whose score distribution is drawn: the top of the table (the histogram's bins hold one bar per run). */
const HISTOGRAM_RUNS = 4;

const compareHref = (a: string, b: string): string => routeHref({ name: 'compare', query: new URLSearchParams({ a, b }) });

/** One stage's leaderboard on one metric: ranked table with intervals and badges, then the interval bar plot. */
export function ProbeLeaderboard({ suite, runs, probe, metric, filters }: { suite: AnySuite; runs: readonly ScoredRun[]; probe: string; metric: string; filters: LeaderboardFilters }) {
  const entries = leaderboard(suite, runs, probe, metric, filters);
  const label = suite.scoring.metricLabel(probe, metric);
  const direction = suite.scoring.metricDirection(metric);
  if (entries.length === 0) {
    return (
      <p data-testid="lb-empty">
        No finished run with {probe} tasks matches these filters. Run an agent on the Run page or import a run on the Runs page.
      </p>
    );
  }
  const leader = entries[0];
  // Repeated runs of one agent share a label: name each shown entry by what tells it apart.
  const shownIds = new Set(entries.map((e) => e.store_id));
  const names = runNames(runs.filter((r) => shownIds.has(r.summary.store_id)).map((r) => r.summary));
  return (
    <>
      <div className="table-scroll">
        <table className="data-table" data-testid="leaderboard-table">
          <caption>
            {probe} · {label} ({DIRECTION_NOTE[direction]}), recomputed from each run's rows with its seed; 95 % intervals
          </caption>
          <thead>
            <tr>
              <th scope="col">Rank</th>
              <th scope="col">Agent / model</th>
              <th scope="col">Trust</th>
              <th scope="col">{label} [95 % CI]</th>
              <th scope="col">Tasks</th>
              <th scope="col">Started (UTC)</th>
              <th scope="col">Suite version</th>
              <th scope="col">Compare</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.store_id} data-testid="leaderboard-row" data-store-id={e.store_id} data-agent={e.agent_id}>
                <td data-testid="lb-rank">
                  {e.rank ?? '—'}
                  {e.rank !== null && e.rank > 1 && e.overlaps_leader && (
                    <span className="note pg-lb-tie" title="Its 95 % interval overlaps the leader's: not distinguishable from first place at this sample size.">
                      {' '}
                      ≈ 1st
                    </span>
                  )}
                </td>
                <th scope="row">
                  <a href={routeHref({ name: 'run-detail', storeId: e.store_id, taskIndex: null, query: new URLSearchParams() })} data-testid="lb-run-name">
                    {runName(names, e)}
                  </a>
                  <div className="note mono">{e.model ?? e.agent_id}</div>
                </th>
                <td>
                  <TrustBadge trust={e.trust} />
                  {e.claim_differs && (
                    <div className="fail pg-lb-claim" data-testid="lb-claim-differs">
                      file claims another value
                    </div>
                  )}
                  {e.status !== 'completed' && <div className="note">{e.status}</div>}
                </td>
                <td className="mono">
                  <span data-testid="lb-value">{formatMetric(e.metric.value)}</span>{' '}
                  <span data-testid="lb-ci">{e.metric.ci_low !== null && e.metric.ci_high !== null ? `[${formatMetric(e.metric.ci_low)}, ${formatMetric(e.metric.ci_high)}]` : '(no interval)'}</span>
                  <div className="note">
                    {e.metric.method}, n = {e.metric.n}
                  </div>
                </td>
                <td>
                  {e.tasks}
                  <div className="note mono">{describeTaskFilter(e.task_filter)}</div>
                </td>
                <td className="mono">{e.started_at.slice(0, 16).replace('T', ' ')}</td>
                <td className="mono">
                  {e.app_version}
                  <div className="note" title={e.bank_hash}>
                    bank {e.bank_hash.slice(0, 10)}
                  </div>
                </td>
                <td>
                  {leader && leader.store_id !== e.store_id && (
                    <a href={compareHref(e.store_id, leader.store_id)} data-testid="lb-compare-leader">
                      vs #1
                    </a>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ExportableFigure title={`${probe} leaderboard: ${label}`} testId="lb-chart" caption="Bars: value; whiskers: 95 % interval.">
        {(ref) => (
          <IntervalBarChart
            ref={ref}
            title={`${probe} leaderboard: ${label}`}
            xLabel={`${label} (${direction === 'lower' ? 'error rate, lower is better' : 'score'})`}
            domain={axisDomain(entries)}
            groups={entries.map((e) => ({ label: `${e.rank ?? '–'}. ${runName(names, e)}`, bars: [{ series: label, value: e.metric.value, low: e.metric.ci_low, high: e.metric.ci_high }] }))}
          />
        )}
      </ExportableFigure>
      <ScoreDistribution suite={suite} runs={runs} probe={probe} entries={entries.slice(0, HISTOGRAM_RUNS)} />
    </>
  );
}

/** Per-task score histogram of the top entries (the spread behind each headline). */
function ScoreDistribution({ suite, runs, probe, entries }: { suite: AnySuite; runs: readonly ScoredRun[]; probe: string; entries: readonly LeaderboardEntry[] }) {
  const byId = new Map(runs.map((r) => [r.summary.store_id, r]));
  const series = entries.map((e, i) => ({ name: `${i + 1}. ${e.label}`, values: byId.get(e.store_id)?.task_scores[probe] ?? [] }));
  const title = `${probe} per-task scores`;
  return (
    <ExportableFigure title={title} testId="lb-histogram" caption={`Top ${series.length} of the table; each task's score in its headline's units (a headline that is not a per-task mean, like P1-Composite, shows correctness per task).`}>
      {(ref) => <Histogram ref={ref} title={title} xLabel={suite.scoring.scoreLabel[probe] ?? 'score'} domain={suite.scoring.scoreDomain(probe, series.flatMap((s) => s.values))} series={series} width={560} />}
    </ExportableFigure>
  );
}
