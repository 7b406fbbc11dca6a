import { useRef, useState } from 'react';
import { LineChart, type LineChartProps } from './LineChart.tsx';
import { exportPng, exportSvg } from './chart-export.ts';

/** A line chart with its "Save SVG" / "Save PNG" buttons; an export failure is shown as text. */
export function ChartFigure(props: LineChartProps) {
  const ref = useRef<SVGSVGElement>(null);
  const [error, setError] = useState<string | null>(null);
  const save = (format: 'svg' | 'png'): void => {
    const svg = ref.current;
    if (!svg) return;
    setError(null);
    if (format === 'svg') exportSvg(svg, props.title);
    else exportPng(svg, props.title).catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  };
  return (
    <figure className="chart-figure pg-chart">
      <LineChart ref={ref} {...props} />
      <figcaption className="button-row">
        <button type="button" onClick={() => save('svg')} data-testid={props.testId ? `${props.testId}-svg` : undefined}>
          Save SVG
        </button>
        <button type="button" onClick={() => save('png')} data-testid={props.testId ? `${props.testId}-png` : undefined}>
          Save PNG
        </button>
        {error && (
          <span className="pg-field-error" role="alert">
            {error}
          </span>
        )}
      </figcaption>
    </figure>
  );
}
