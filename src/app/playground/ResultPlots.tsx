import { ChartFigure } from '../charts/ChartFigure.tsx';
import type { PlotSpec } from './plots/plot-spec.ts';

/** Every plot of the result, each with its own SVG/PNG export. */
export function ResultPlots({ plots }: { plots: readonly PlotSpec[] }) {
  if (plots.length === 0) return null;
  return (
    <div className="pg-plots">
      {plots.map((p) => (
        <ChartFigure key={p.id} testId={p.id} title={p.title} xLabel={p.xLabel} yLabel={p.yLabel} series={p.series} yDomain={p.yDomain} />
      ))}
    </div>
  );
}
