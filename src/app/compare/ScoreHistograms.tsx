import type { RunComparison } from '../../core/leaderboard/compare-runs.ts';
import type { AnySuite } from '../../core/suite/contract.ts';
import { ExportableFigure } from '../charts/ExportableFigure.tsx';
import { Histogram } from '../charts/Histogram.tsx';

/** Distribution of per-task scores of both runs on the paired tasks, one histogram per stage. */
export function ScoreHistograms({ suite, comparison, nameA, nameB }: { suite: AnySuite; comparison: RunComparison; nameA: string; nameB: string }) {
  return (
    <div className="pg-plots">
      {comparison.groups.map(({ group: probe }) => {
        const pairs = comparison.pairs.filter((p) => p.group === probe);
        const a = pairs.map((p) => p.a_score);
        const b = pairs.map((p) => p.b_score);
        const title = `${probe} per-task scores`;
        return (
          <ExportableFigure key={probe} title={title} testId={`compare-hist-${probe}`}>
            {(ref) => (
              <Histogram
                ref={ref}
                title={title}
                xLabel={suite.scoring.scoreLabel[probe] ?? 'score'}
                domain={suite.scoring.scoreDomain(probe, [...a, ...b])}
                series={[
                  { name: `A: ${nameA}`, values: a },
                  { name: `B: ${nameB}`, values: b },
                ]}
              />
            )}
          </ExportableFigure>
        );
      })}
    </div>
  );
}
