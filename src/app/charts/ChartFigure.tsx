import { ExportableFigure } from './ExportableFigure.tsx';
import { LineChart, type LineChartProps } from './LineChart.tsx';

/** A line chart with its "Save SVG" / "Save PNG" buttons (the chart itself carries the test id). */
export function ChartFigure(props: LineChartProps) {
  return (
    <ExportableFigure title={props.title} testId={props.testId} testIdOnFigure={false}>
      {(ref) => <LineChart ref={ref} {...props} />}
    </ExportableFigure>
  );
}
