import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { exportPng, exportSvg } from './chart-export.ts';

/**
 * Any chart with "Save SVG" / "Save PNG" buttons (ChartFigure does the same for LineChart only).
 * `children` receives the ref to put on the chart's <svg>; an export failure is shown as text.
 */
export function ExportableFigure({ title, testId, caption, children }: { title: string; testId?: string; caption?: ReactNode; children: (ref: RefObject<SVGSVGElement | null>) => ReactNode }) {
  const ref = useRef<SVGSVGElement>(null);
  const [error, setError] = useState<string | null>(null);
  const save = (format: 'svg' | 'png'): void => {
    const svg = ref.current;
    if (!svg) return;
    setError(null);
    if (format === 'svg') exportSvg(svg, title);
    else exportPng(svg, title).catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  };
  return (
    <figure className="chart-figure pg-chart" data-testid={testId}>
      {children(ref)}
      <figcaption className="button-row">
        {caption && <span className="pg-lb-caption">{caption}</span>}
        <button type="button" onClick={() => save('svg')} data-testid={testId ? `${testId}-svg` : undefined}>
          Save SVG
        </button>
        <button type="button" onClick={() => save('png')} data-testid={testId ? `${testId}-png` : undefined}>
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
