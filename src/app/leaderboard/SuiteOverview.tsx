import type { LeaderboardFilters } from '../../core/leaderboard/filters.ts';
import { leaderboard, type LeaderboardEntry, type ScoredRun } from '../../core/leaderboard/leaderboard.ts';
import { matchesFilters } from '../../core/leaderboard/filters.ts';
import { stageProfile } from '../../core/leaderboard/stage-profile.ts';
import type { AnySuite } from '../../core/suite/contract.ts';
import { ExportableFigure } from '../charts/ExportableFigure.tsx';
import { IntervalBarChart } from '../charts/IntervalBarChart.tsx';
import { RadarChart } from '../charts/RadarChart.tsx';
import { formatMetric } from '../format.ts';
import { routeHref } from '../routing/route.ts';
import { runName, runNames } from '../runs/run-names.ts';
import { TrustBadge } from './TrustBadge.tsx';

/** Runs drawn in one plot at most: more outlines or bars than colours stop being readable. */
export const MAX_PLOTTED_RUNS = 8;

/** A run's name in the table and plots: its label, with what tells it apart when shown runs share one. */
function plotNames(runs: readonly ScoredRun[]): Map<string, string> {
  return runNames(runs.map((r) => r.summary));
}

function Cell({ entry }: { entry: LeaderboardEntry | undefined }) {
  if (!entry) return <td className="note">—</td>;
  const m = entry.metric;
  return (
    <td className="mono" data-testid={`lb-suite-${entry.group}`}>
      {formatMetric(m.value)} {m.ci_low !== null && m.ci_high !== null ? `[${formatMetric(m.ci_low)}, ${formatMetric(m.ci_high)}]` : ''}
      <div className="note">
        #{entry.rank ?? '—'} of the {entry.group} column · {entry.tasks} tasks
      </div>
    </td>
  );
}

/**
 * All four stages at once: each run's four headlines (ranked per column, never blended into one
 * number, since the paper finds the stages rank models differently), the stage-profile radar and
 * the error-family bars of the paper's Fig. 3.
 */
export function SuiteOverview({ suite, runs, filters }: { suite: AnySuite; runs: readonly ScoredRun[]; filters: LeaderboardFilters }) {
  const PROBES = suite.groups.ids;
  const headline = (g: string) => suite.groups.headline[g] ?? { key: '', label: g };
  // The error rates (lower is better) the runs report for a group, as the paper's Fig. 3 families.
  const families = (g: string, shownRuns: readonly ScoredRun[]) =>
    [...new Set(shownRuns.flatMap((r) => Object.keys(r.metrics[g] ?? {})))].filter((k) => k !== headline(g).key && suite.scoring.metricDirection(k) === 'lower');
  const shown = runs.filter((r) => matchesFilters(r.summary, r.trust, filters) && Object.keys(r.tasks).length > 0);
  if (shown.length === 0) {
    return <p data-testid="lb-empty">No finished run matches these filters. Run an agent on the Run page or import a run on the Runs page.</p>;
  }
  const columns = PROBES.map((p) => new Map(leaderboard(suite, shown, p, headline(p).key, filters).map((e) => [e.store_id, e])));
  const plotted = shown.slice(0, MAX_PLOTTED_RUNS);
  const names = plotNames(plotted);
  const rowNames = runNames(shown.map((r) => r.summary));
  const probesPresent = PROBES.filter((p) => plotted.some((r) => (r.tasks[p] ?? 0) > 0));
  return (
    <>
      <div className="table-scroll">
        <table className="data-table" data-testid="leaderboard-table">
          <caption>Headline per stage [95 % CI], recomputed from each run's rows; higher is better, ranks are per column</caption>
          <thead>
            <tr>
              <th scope="col">Agent / model</th>
              <th scope="col">Trust</th>
              {PROBES.map((p) => (
                <th scope="col" key={p}>
                  {p} · {headline(p).label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => (
              <tr key={r.summary.store_id} data-testid="leaderboard-row" data-store-id={r.summary.store_id} data-agent={r.summary.agent_id}>
                <th scope="row">
                  <a href={routeHref({ name: 'run-detail', storeId: r.summary.store_id, taskIndex: null, query: new URLSearchParams() })} data-testid="lb-run-name">
                    {runName(rowNames, r.summary)}
                  </a>
                  <div className="note mono">{r.summary.started_at.slice(0, 16).replace('T', ' ')}</div>
                </th>
                <td>
                  <TrustBadge trust={r.trust} />
                </td>
                {columns.map((col, i) => (
                  <Cell key={PROBES[i]} entry={col.get(r.summary.store_id)} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {shown.length > MAX_PLOTTED_RUNS && <p className="note">The plots show the first {MAX_PLOTTED_RUNS} runs of the table; narrow the filters to pick others.</p>}
      <div className="pg-plots">
        <ExportableFigure title={`${suite.descriptor.title} stage profiles`} testId="lb-radar" caption="Each stage's headline on [0, 1] (the suite's normalisation: VEH clips P2b at 1 and maps τ to (τ + 1) / 2).">
          {(ref) => (
            <RadarChart
              ref={ref}
              title={`${suite.descriptor.title} stage profiles`}
              axes={PROBES.map((p) => `${p} ${headline(p).label.split(' (')[0] ?? ''}`)}
              series={plotted.map((r) => ({ name: names.get(r.summary.store_id) ?? r.summary.label, values: stageProfile(suite, r.metrics).map((s) => s.normalised) }))}
            />
          )}
        </ExportableFigure>
        {probesPresent.map((p) => {
          const withProbe = plotted.filter((r) => (r.tasks[p] ?? 0) > 0);
          const title = `${p} error families`;
          return (
            <ExportableFigure key={p} title={title} testId={`lb-families-${p}`} caption="Non-exclusive error rates (paper Fig. 3); lower is better; whiskers: 95 % interval.">
              {(ref) => (
                <IntervalBarChart
                  ref={ref}
                  title={title}
                  xLabel="error rate (fraction, lower is better)"
                  domain={[0, 1]}
                  width={620}
                  groups={families(p, withProbe).map((key) => ({
                    label: suite.scoring.metricLabel(p, key),
                    bars: withProbe.map((r) => {
                      const m = r.metrics[p]?.[key];
                      return { series: names.get(r.summary.store_id) ?? r.summary.label, value: m?.value ?? null, low: m?.ci_low ?? null, high: m?.ci_high ?? null };
                    }),
                  }))}
                />
              )}
            </ExportableFigure>
          );
        })}
      </div>
    </>
  );
}
