import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { exportPng, exportSvg } from './chart-export.ts';

/**
 * Any chart with "Save SVG" / "Save PNG" buttons; every exportable chart of the page goes through
 * it. `children` receives the ref to put on the chart's <svg>; an export failure is shown as text.
 * `testId` names the buttons (`<id>-svg`, `<id>-png`) and, unless the chart carries it itself
 * (`testIdOnFigure: false`), the figure.
 */
export function ExportableFigure({
  title,
  testId,
  testIdOnFigure = true,
  caption,
  children,
}: {
  title: string;
  testId?: string | undefined;
  testIdOnFigure?: boolean;
  caption?: ReactNode;
  children: (ref: RefObject<SVGSVGElement | null>) => ReactNode;
}) {
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
    <figure className="chart-figure pg-chart" data-testid={testIdOnFigure ? testId : undefined}>
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
