import { max, min, scaleBand, scaleLinear } from 'd3';
import { formatMetric } from '../format.ts';

export interface CiPoint {
  /** Row label, e.g. "P1 p1_composite". */
  label: string;
  value: number;
  low: number | null;
  high: number | null;
}

const ROW_HEIGHT = 24;
const MARGIN = { top: 10, right: 180, bottom: 28, left: 190 };

/** Point estimates with 95 % interval whiskers on a shared axis (at least [0, 1]). */
export function CiPlot({ title, points, width = 760 }: { title: string; points: readonly CiPoint[]; width?: number }) {
  if (points.length === 0) return null;
  const height = MARGIN.top + MARGIN.bottom + points.length * ROW_HEIGHT;
  const lo = Math.min(0, min(points, (p) => p.low ?? p.value) ?? 0);
  const hi = Math.max(1, max(points, (p) => p.high ?? p.value) ?? 1);
  const x = scaleLinear().domain([lo, hi]).range([MARGIN.left, width - MARGIN.right]).nice();
  const y = scaleBand()
    .domain(points.map((p) => p.label))
    .range([MARGIN.top, height - MARGIN.bottom])
    .padding(0.3);
  const axisY = height - MARGIN.bottom;
  return (
    <svg className="chart" width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={title} data-testid="metrics-plot">
      <title>{title}</title>
      {x.ticks(5).map((t) => (
        <g key={t}>
          <line className="grid-line" x1={x(t)} x2={x(t)} y1={MARGIN.top} y2={axisY} />
          <text className="chart-tick" x={x(t)} y={axisY + 16} textAnchor="middle">
            {t}
          </text>
        </g>
      ))}
      {points.map((p) => {
        const cy = (y(p.label) ?? 0) + y.bandwidth() / 2;
        const hasCi = p.low !== null && p.high !== null;
        return (
          <g key={p.label}>
            <text className="chart-label" x={MARGIN.left - 8} y={cy} textAnchor="end" dominantBaseline="middle">
              {p.label}
            </text>
            {hasCi && (
              <>
                <line className="whisker" x1={x(p.low ?? 0)} x2={x(p.high ?? 0)} y1={cy} y2={cy} />
                <line className="whisker" x1={x(p.low ?? 0)} x2={x(p.low ?? 0)} y1={cy - 5} y2={cy + 5} />
                <line className="whisker" x1={x(p.high ?? 0)} x2={x(p.high ?? 0)} y1={cy - 5} y2={cy + 5} />
              </>
            )}
            <circle className="point" cx={x(p.value)} cy={cy} r={4} />
            <text className="chart-value" x={width - MARGIN.right + 8} y={cy} dominantBaseline="middle">
              {formatMetric(p.value)}
              {hasCi ? ` [${formatMetric(p.low)}, ${formatMetric(p.high)}]` : ''}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
