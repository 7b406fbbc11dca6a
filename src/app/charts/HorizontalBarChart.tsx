import { max, scaleBand, scaleLinear } from 'd3';
import { formatNumber } from '../format.ts';

export type BarTone = 'neutral' | 'good' | 'bad' | 'reference';

export interface Bar {
  label: string;
  value: number;
  tone?: BarTone;
}

interface HorizontalBarChartProps {
  title: string;
  bars: readonly Bar[];
  unit?: string;
  width?: number;
}

const ROW_HEIGHT = 22;
const MARGIN = { top: 22, right: 64, bottom: 6, left: 88 };

/** Labelled horizontal bars; d3 computes the scales, React renders the SVG (no DOM mutation). */
export function HorizontalBarChart({ title, bars, unit = '', width = 420 }: HorizontalBarChartProps) {
  const height = MARGIN.top + MARGIN.bottom + bars.length * ROW_HEIGHT;
  const innerWidth = width - MARGIN.left - MARGIN.right;
  const x = scaleLinear()
    .domain([0, max(bars, (b) => Math.max(0, b.value)) || 1])
    .range([0, innerWidth])
    .nice();
  const y = scaleBand()
    .domain(bars.map((b) => b.label))
    .range([MARGIN.top, height - MARGIN.bottom])
    .padding(0.2);
  const description = bars.map((b) => `${b.label}: ${formatNumber(b.value)} ${unit}`).join('; ');
  return (
    <svg className="chart" width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`${title}. ${description}`}>
      <title>{title}</title>
      <text className="chart-title" x={0} y={14}>
        {title}
      </text>
      {bars.map((b) => {
        const top = y(b.label) ?? 0;
        const barWidth = Math.max(0, x(Math.max(0, b.value)));
        return (
          <g key={b.label}>
            <text className="chart-label" x={MARGIN.left - 6} y={top + y.bandwidth() / 2} textAnchor="end" dominantBaseline="middle">
              {b.label}
            </text>
            <rect className={`bar bar-${b.tone ?? 'neutral'}`} x={MARGIN.left} y={top} width={barWidth} height={y.bandwidth()} />
            <text className="chart-value" x={MARGIN.left + barWidth + 4} y={top + y.bandwidth() / 2} dominantBaseline="middle">
              {formatNumber(b.value)}
              {unit ? ` ${unit}` : ''}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
