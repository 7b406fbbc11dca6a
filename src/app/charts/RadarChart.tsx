import { forwardRef } from 'react';
import { CHART_FONT, GRID, INK, MUTED, SERIES_COLORS } from './chart-style.ts';
import { radarGeometry, type RadarSeries } from './radar-geometry.ts';

export interface RadarChartProps {
  title: string;
  axes: readonly string[];
  series: readonly RadarSeries[];
  size?: number;
  testId?: string;
}

/** An axis named in the legend by its first word ("P3 P3-Success" → "P3"). */
const shortAxis = (label: string): string => label.split(' ')[0] ?? label;

/** Radar over axes on [0, 1] (rings at 0.25 steps), one outline per series; geometry from radar-geometry.ts. */
export const RadarChart = forwardRef<SVGSVGElement, RadarChartProps>(function RadarChart({ title, axes, series, size = 360, testId }, ref) {
  const g = radarGeometry(axes, series, size);
  const legendTop = g.size + 4;
  const height = legendTop + series.length * 16 + 6;
  const description = g.series
    .map((s) => `${s.name}: ${axes.map((a, k) => `${a} ${s.missing.includes(a) ? 'no data' : (series[s.index]?.values[k] ?? 0).toFixed(3)}`).join(', ')}`)
    .join('; ');
  return (
    <svg ref={ref} width={g.width} height={height} viewBox={`0 0 ${g.width} ${height}`} role="img" aria-label={`${title}. ${description}`} data-testid={testId} fontFamily={CHART_FONT} fontSize={12} style={{ maxWidth: '100%', height: 'auto', display: 'block' }}>
      <title>{title}</title>
      <rect x={0} y={0} width={g.width} height={height} fill="#ffffff" />
      <text x={8} y={18} fontWeight={600} fill={INK}>
        {title}
      </text>
      {g.rings.map((r) => (
        <g key={r.level}>
          <polygon points={r.points} fill="none" stroke={GRID} />
          <text x={g.center.x + 3} y={g.center.y - g.radius * r.level} fill={MUTED} fontSize={10}>
            {r.level}
          </text>
        </g>
      ))}
      {g.axes.map((a) => (
        <g key={a.label}>
          <line x1={g.center.x} y1={g.center.y} x2={a.x} y2={a.y} stroke={GRID} />
          <text x={a.labelX} y={a.labelY} textAnchor={a.anchor} dominantBaseline="middle" fill={INK}>
            {a.label}
          </text>
        </g>
      ))}
      {g.series.map((s) => {
        const color = SERIES_COLORS[s.index % SERIES_COLORS.length];
        return (
          <g key={s.name} data-series={s.name}>
            <polygon points={s.points} fill={color} fillOpacity={0.12} stroke={color} strokeWidth={2} />
            {s.dots.map((d, k) => (
              <circle key={k} cx={d.x} cy={d.y} r={3} fill={color} />
            ))}
          </g>
        );
      })}
      {g.series.map((s) => (
        <g key={s.name} transform={`translate(12 ${legendTop + s.index * 16})`}>
          <line x1={0} x2={16} y1={0} y2={0} stroke={SERIES_COLORS[s.index % SERIES_COLORS.length]} strokeWidth={2.5} />
          <text x={22} y={0} dominantBaseline="middle" fill={INK}>
            {s.name}
            {s.missing.length > 0 ? ` (no data: ${s.missing.map(shortAxis).join(', ')})` : ''}
          </text>
        </g>
      ))}
    </svg>
  );
});
