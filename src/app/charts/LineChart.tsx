import { forwardRef } from 'react';
import { extent, scaleLinear } from 'd3';

export interface LineSeries {
  name: string;
  x: readonly number[];
  y: readonly number[];
}

export interface LineChartProps {
  title: string;
  /** Axis labels carry their units, e.g. "vacuum wavelength (nm)". */
  xLabel: string;
  yLabel: string;
  series: readonly LineSeries[];
  /** Fixed y range (e.g. [0, 1] for R, T, A); otherwise the data's range, rounded outward. */
  yDomain?: readonly [number, number];
  width?: number;
  height?: number;
  testId?: string;
}

/** Colour-blind-safe (Okabe–Ito) line colours, in order. */
export const SERIES_COLORS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000', '#F0E442'] as const;

const MARGIN = { top: 30, right: 20, bottom: 46, left: 64 };
const LEGEND_ROW = 16;
/** Rough text width for legend layout (12 px system font); exactness is not needed. */
const CHAR_WIDTH = 6.8;

interface LegendItem {
  name: string;
  color: string;
  x: number;
  row: number;
}

/** Legend entries laid out left to right under the title, wrapping onto new rows. */
function layoutLegend(series: readonly LineSeries[], width: number): { items: LegendItem[]; rows: number } {
  const items: LegendItem[] = [];
  let x = MARGIN.left;
  let row = 0;
  series.forEach((s, i) => {
    const w = 26 + s.name.length * CHAR_WIDTH + 14;
    if (x + w > width - MARGIN.right && x > MARGIN.left) {
      row++;
      x = MARGIN.left;
    }
    items.push({ name: s.name, color: SERIES_COLORS[i % SERIES_COLORS.length] as string, x, row });
    x += w;
  });
  return { items, rows: series.length > 0 ? row + 1 : 0 };
}
/** Up to this many points per series are also drawn as dots, so a short sweep shows its samples. */
const MARKER_LIMIT = 40;
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

function domainOf(values: readonly (readonly number[])[], fixed?: readonly [number, number]): [number, number] {
  if (fixed) return [fixed[0], fixed[1]];
  const [lo, hi] = extent(values.flat().filter(Number.isFinite));
  if (lo === undefined || hi === undefined) return [0, 1];
  if (lo === hi) return lo === 0 ? [-1, 1] : [lo - Math.abs(lo) * 0.05, hi + Math.abs(hi) * 0.05];
  return [lo, hi];
}

/**
 * Lines over a shared x axis. d3 computes the scales and path strings; React renders the SVG. It
 * draws with presentation attributes, not CSS classes, so an exported SVG or PNG looks the same as
 * the page (see chart-export.ts). A path string per series keeps 1,000-point spectra cheap.
 */
export const LineChart = forwardRef<SVGSVGElement, LineChartProps>(function LineChart(
  { title, xLabel, yLabel, series, yDomain, width = 640, height = 320, testId },
  ref,
) {
  const legend = layoutLegend(series, width);
  const top = MARGIN.top + legend.rows * LEGEND_ROW + 6;
  const x = scaleLinear()
    .domain(domainOf(series.map((s) => s.x)))
    .range([MARGIN.left, width - MARGIN.right]);
  const y = scaleLinear()
    .domain(domainOf(series.map((s) => s.y), yDomain))
    .range([height - MARGIN.bottom, top]);
  if (!yDomain) y.nice();
  const toPath = (s: LineSeries): string => {
    let d = '';
    let pen = false;
    for (let i = 0; i < s.x.length; i++) {
      const xi = s.x[i] as number;
      const yi = s.y[i] as number;
      if (!Number.isFinite(xi) || !Number.isFinite(yi)) {
        pen = false;
        continue;
      }
      d += `${pen ? 'L' : 'M'}${x(xi).toFixed(2)},${y(yi).toFixed(2)}`;
      pen = true;
    }
    return d;
  };
  const bottom = height - MARGIN.bottom;
  return (
    <svg
      ref={ref}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={title}
      data-testid={testId}
      fontFamily={FONT}
      fontSize={12}
      style={{ maxWidth: '100%', height: 'auto', display: 'block' }}
    >
      <title>{title}</title>
      <rect x={0} y={0} width={width} height={height} fill="#ffffff" />
      <text x={MARGIN.left} y={18} fontWeight={600} fill="#1b1f24">
        {title}
      </text>
      {y.ticks(6).map((t) => (
        <g key={`y${t}`}>
          <line x1={MARGIN.left} x2={width - MARGIN.right} y1={y(t)} y2={y(t)} stroke="#e3e7ec" />
          <text x={MARGIN.left - 6} y={y(t)} textAnchor="end" dominantBaseline="middle" fill="#5b6470">
            {y.tickFormat(6)(t)}
          </text>
        </g>
      ))}
      {x.ticks(7).map((t) => (
        <g key={`x${t}`}>
          <line x1={x(t)} x2={x(t)} y1={bottom} y2={bottom + 4} stroke="#5b6470" />
          <text x={x(t)} y={bottom + 16} textAnchor="middle" fill="#5b6470">
            {x.tickFormat(7)(t)}
          </text>
        </g>
      ))}
      <line x1={MARGIN.left} x2={width - MARGIN.right} y1={bottom} y2={bottom} stroke="#5b6470" />
      <line x1={MARGIN.left} x2={MARGIN.left} y1={top} y2={bottom} stroke="#5b6470" />
      <text x={(MARGIN.left + width - MARGIN.right) / 2} y={height - 8} textAnchor="middle" fill="#1b1f24">
        {xLabel}
      </text>
      <text transform={`translate(14 ${(top + bottom) / 2}) rotate(-90)`} textAnchor="middle" fill="#1b1f24">
        {yLabel}
      </text>
      {series.map((s, i) => {
        const color = SERIES_COLORS[i % SERIES_COLORS.length];
        return (
          <g key={s.name} data-series={s.name}>
            <path d={toPath(s)} fill="none" stroke={color} strokeWidth={1.8} strokeLinejoin="round" />
            {s.x.length <= MARKER_LIMIT &&
              s.x.map((xi, j) => {
                const yj = s.y[j];
                return yj !== undefined && Number.isFinite(yj) && Number.isFinite(xi) ? <circle key={j} cx={x(xi)} cy={y(yj)} r={2.5} fill={color} /> : null;
              })}
          </g>
        );
      })}
      {legend.items.map((item) => (
        <g key={item.name} transform={`translate(${item.x} ${MARGIN.top + 2 + item.row * LEGEND_ROW})`}>
          <line x1={0} x2={18} y1={0} y2={0} stroke={item.color} strokeWidth={2.5} />
          <text x={24} y={0} dominantBaseline="middle" fill="#1b1f24">
            {item.name}
          </text>
        </g>
      ))}
    </svg>
  );
});
