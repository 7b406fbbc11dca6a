import type { RunComparison } from '../../core/leaderboard/compare-runs.ts';
import { TASK_SCORE_LABEL, taskScoreDomain } from '../../core/leaderboard/task-outcome.ts';
import { ExportableFigure } from '../charts/ExportableFigure.tsx';
import { Histogram } from '../charts/Histogram.tsx';

/** Distribution of per-task scores of both runs on the paired tasks, one histogram per stage. */
export function ScoreHistograms({ comparison, nameA, nameB }: { comparison: RunComparison; nameA: string; nameB: string }) {
  return (
    <div className="pg-plots">
      {comparison.probes.map(({ probe }) => {
        const pairs = comparison.pairs.filter((p) => p.probe === probe);
        const a = pairs.map((p) => p.a_score);
        const b = pairs.map((p) => p.b_score);
        const title = `${probe} per-task scores`;
        return (
          <ExportableFigure key={probe} title={title} testId={`compare-hist-${probe}`}>
            {(ref) => (
              <Histogram
                ref={ref}
                title={title}
                xLabel={TASK_SCORE_LABEL[probe]}
                domain={taskScoreDomain(probe, [...a, ...b])}
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
