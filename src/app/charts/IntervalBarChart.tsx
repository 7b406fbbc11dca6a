import { forwardRef } from 'react';
import { CHART_FONT, GRID, INK, MUTED, SERIES_COLORS } from './chart-style.ts';
import { intervalBarsGeometry, type IntervalBarsInput } from './interval-bars-geometry.ts';

export interface IntervalBarChartProps extends IntervalBarsInput {
  title: string;
  /** Value axis label with its unit, e.g. "P3-Success (fraction of tasks)". */
  xLabel: string;
  testId?: string;
}

/** Group labels share a 170 px margin (about 26 characters at 12 px); longer ones end in "…" (the aria-label keeps them whole). */
const LABEL_CHARS = 26;
export const fitLabel = (label: string): string => (label.length > LABEL_CHARS ? `${label.slice(0, LABEL_CHARS - 1)}…` : label);

/** Grouped horizontal bars with 95 % interval whiskers; geometry from interval-bars-geometry.ts. */
export const IntervalBarChart = forwardRef<SVGSVGElement, IntervalBarChartProps>(function IntervalBarChart({ title, xLabel, testId, ...input }, ref) {
  const g = intervalBarsGeometry(input);
  const legend = g.legend.length > 0;
  const description = g.bars.map((b) => `${b.group}${legend ? ` (${b.series})` : ''}: ${b.text.value}`).join('; ');
  return (
    <svg ref={ref} width={g.width} height={g.height} viewBox={`0 0 ${g.width} ${g.height}`} role="img" aria-label={`${title}. ${description}`} data-testid={testId} fontFamily={CHART_FONT} fontSize={12} style={{ maxWidth: '100%', height: 'auto', display: 'block' }}>
      <title>{title}</title>
      <rect x={0} y={0} width={g.width} height={g.height} fill="#ffffff" />
      <text x={8} y={18} fontWeight={600} fill={INK}>
        {title}
      </text>
      {g.ticks.map((t) => (
        <g key={t.value}>
          <line x1={t.x} x2={t.x} y1={g.plot.top} y2={g.plot.bottom} stroke={GRID} />
          <text x={t.x} y={g.plot.bottom + 14} textAnchor="middle" fill={MUTED}>
            {t.label}
          </text>
        </g>
      ))}
      <line x1={g.zeroX} x2={g.zeroX} y1={g.plot.top} y2={g.plot.bottom} stroke={MUTED} />
      <text x={(g.plot.left + g.plot.right) / 2} y={g.axisLabelY} textAnchor="middle" fill={INK}>
        {xLabel}
      </text>
      {g.groupLabels.map((l, i) => (
        <text key={i} x={g.plot.left - 8} y={l.y} textAnchor="end" dominantBaseline="middle" fill={INK}>
          {fitLabel(l.label)}
        </text>
      ))}
      {g.bars.map((b, i) => {
        const color = SERIES_COLORS[b.seriesIndex % SERIES_COLORS.length];
        return (
          <g key={i} data-series={b.series}>
            {b.rect && <rect x={b.rect.x} y={b.rect.y} width={b.rect.width} height={b.rect.height} fill={color} fillOpacity={0.75} />}
            {b.whisker && (
              <>
                <line x1={b.whisker.x1} x2={b.whisker.x2} y1={b.whisker.y} y2={b.whisker.y} stroke={INK} strokeWidth={1.5} />
                <line x1={b.whisker.x1} x2={b.whisker.x1} y1={b.whisker.y - 4} y2={b.whisker.y + 4} stroke={INK} strokeWidth={1.5} />
                <line x1={b.whisker.x2} x2={b.whisker.x2} y1={b.whisker.y - 4} y2={b.whisker.y + 4} stroke={INK} strokeWidth={1.5} />
              </>
            )}
            <text x={b.text.x} y={b.text.y} dominantBaseline="middle" fill={INK} fontSize={11}>
              {b.text.value}
            </text>
          </g>
        );
      })}
      {g.legend.map((l) => (
        <g key={l.seriesIndex} transform={`translate(${l.x} ${l.y})`}>
          <rect x={0} y={-5} width={12} height={10} fill={SERIES_COLORS[l.seriesIndex % SERIES_COLORS.length]} fillOpacity={0.75} />
          <text x={16} y={0} dominantBaseline="middle" fill={INK}>
            {l.series}
          </text>
        </g>
      ))}
    </svg>
  );
});
