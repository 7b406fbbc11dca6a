import { forwardRef } from 'react';
import { CHART_FONT, GRID, INK, MUTED, SERIES_COLORS } from './chart-style.ts';
import { histogramGeometry, type HistogramSeries } from './histogram-geometry.ts';

export interface HistogramProps {
  title: string;
  /** Score axis label with its unit. */
  xLabel: string;
  series: readonly HistogramSeries[];
  domain: readonly [number, number];
  bins?: number;
  width?: number;
  height?: number;
  testId?: string;
}

/** Per-task score histogram, series side by side within each bin; geometry from histogram-geometry.ts. */
export const Histogram = forwardRef<SVGSVGElement, HistogramProps>(function Histogram({ title, xLabel, series, domain, bins = 10, width = 460, height = 240, testId }, ref) {
  const g = histogramGeometry(series, domain, bins, width, height);
  const description = series.map((s) => `${s.name}: ${s.values.length} tasks`).join('; ');
  return (
    <svg ref={ref} width={g.width} height={g.height} viewBox={`0 0 ${g.width} ${g.height}`} role="img" aria-label={`${title}. ${description}`} data-testid={testId} fontFamily={CHART_FONT} fontSize={12} style={{ maxWidth: '100%', height: 'auto', display: 'block' }}>
      <title>{title}</title>
      <rect x={0} y={0} width={g.width} height={g.height} fill="#ffffff" />
      <text x={8} y={18} fontWeight={600} fill={INK}>
        {title}
      </text>
      {g.yTicks.map((t) => (
        <g key={t.value}>
          <line x1={g.plot.left} x2={g.plot.right} y1={t.y} y2={t.y} stroke={GRID} />
          <text x={g.plot.left - 6} y={t.y} textAnchor="end" dominantBaseline="middle" fill={MUTED}>
            {t.label}
          </text>
        </g>
      ))}
      {g.rects.map((r) => (
        <rect key={`${r.seriesIndex}-${r.x0}`} x={r.x} y={r.y} width={r.width} height={r.height} fill={SERIES_COLORS[r.seriesIndex % SERIES_COLORS.length]} fillOpacity={0.8}>
          <title>{`${r.series}: ${r.count} tasks in [${r.x0.toFixed(2)}, ${r.x1.toFixed(2)}]`}</title>
        </rect>
      ))}
      {g.xTicks.map((t) => (
        <g key={t.value}>
          <line x1={t.x} x2={t.x} y1={g.plot.bottom} y2={g.plot.bottom + 4} stroke={MUTED} />
          <text x={t.x} y={g.plot.bottom + 16} textAnchor="middle" fill={MUTED}>
            {t.label}
          </text>
        </g>
      ))}
      <line x1={g.plot.left} x2={g.plot.right} y1={g.plot.bottom} y2={g.plot.bottom} stroke={MUTED} />
      <text x={(g.plot.left + g.plot.right) / 2} y={g.height - 8} textAnchor="middle" fill={INK}>
        {xLabel}
      </text>
      <text transform={`translate(14 ${(g.plot.top + g.plot.bottom) / 2}) rotate(-90)`} textAnchor="middle" fill={INK}>
        tasks (count)
      </text>
      {g.legend.map((l) => (
        <g key={l.seriesIndex} transform={`translate(${l.x} ${l.y})`}>
          <rect x={0} y={-5} width={12} height={10} fill={SERIES_COLORS[l.seriesIndex % SERIES_COLORS.length]} fillOpacity={0.8} />
          <text x={16} y={0} dominantBaseline="middle" fill={INK}>
            {l.series}
          </text>
        </g>
      ))}
    </svg>
  );
});
