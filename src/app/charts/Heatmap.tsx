import { forwardRef } from 'react';
import { CHART_FONT, INK, MUTED } from './chart-style.ts';
import { heatmapGeometry, NO_DATA_FILL, type HeatmapData } from './heatmap-geometry.ts';
import { formatNumber } from '../format.ts';

export interface HeatmapProps {
  data: HeatmapData;
  testId?: string;
}

/**
 * A 2-D map with nm/µm axes and a colour bar; geometry from heatmap-geometry.ts. Drawn with
 * presentation attributes only, so the exported SVG/PNG (ExportableFigure) looks like the page.
 */
export const Heatmap = forwardRef<SVGSVGElement, HeatmapProps>(function Heatmap({ data, testId }, ref) {
  const g = heatmapGeometry(data);
  const { plot } = g;
  const bottom = plot.top + plot.height;
  const right = plot.left + plot.width;
  const label = `${data.title}: ${data.quantity} over x ${formatNumber(data.x_nm[0])}–${formatNumber(data.x_nm[1])} nm, y ${formatNumber(data.y_nm[0])}–${formatNumber(data.y_nm[1])} nm, ${g.cols} × ${g.rows} samples, values ${formatNumber(g.domain[0])} to ${formatNumber(g.domain[1])}`;
  return (
    <svg
      ref={ref}
      width={g.width}
      height={g.height}
      viewBox={`0 0 ${g.width} ${g.height}`}
      role="img"
      aria-label={label}
      data-testid={testId}
      data-rows={g.rows}
      data-cols={g.cols}
      fontFamily={CHART_FONT}
      fontSize={12}
      style={{ maxWidth: '100%', height: 'auto', display: 'block' }}
    >
      <title>{data.title}</title>
      <rect x={0} y={0} width={g.width} height={g.height} fill="#ffffff" />
      <text x={8} y={18} fontWeight={600} fill={INK}>
        {data.title}
      </text>
      <rect x={plot.left} y={plot.top} width={plot.width} height={plot.height} fill={NO_DATA_FILL} />
      <g shapeRendering="crispEdges" data-role="cells">
        {g.cells.map((c) => (
          <rect key={`${c.x},${c.y}`} x={c.x} y={c.y} width={c.width} height={c.height} fill={c.fill} />
        ))}
      </g>
      <rect x={plot.left} y={plot.top} width={plot.width} height={plot.height} fill="none" stroke={MUTED} />
      {g.xTicks.map((t) => (
        <g key={`x${t.label}`}>
          <line x1={t.at} x2={t.at} y1={bottom} y2={bottom + 4} stroke={MUTED} />
          <text x={t.at} y={bottom + 16} textAnchor="middle" fill={MUTED}>
            {t.label}
          </text>
        </g>
      ))}
      {g.yTicks.map((t) => (
        <g key={`y${t.label}`}>
          <line x1={plot.left - 4} x2={plot.left} y1={t.at} y2={t.at} stroke={MUTED} />
          <text x={plot.left - 6} y={t.at} textAnchor="end" dominantBaseline="middle" fill={MUTED}>
            {t.label}
          </text>
        </g>
      ))}
      <text x={(plot.left + right) / 2} y={g.height - 8} textAnchor="middle" fill={INK}>
        {`x (${g.unit})`}
      </text>
      <text transform={`translate(14 ${(plot.top + bottom) / 2}) rotate(-90)`} textAnchor="middle" fill={INK}>
        {`y (${g.unit})`}
      </text>
      <g shapeRendering="crispEdges" data-role="color-bar">
        {g.colorBar.steps.map((s) => (
          <rect key={s.y} x={s.x} y={s.y} width={s.width} height={s.height} fill={s.fill} />
        ))}
      </g>
      <rect x={g.colorBar.x} y={plot.top} width={g.colorBar.width} height={plot.height} fill="none" stroke={MUTED} />
      {g.colorBar.ticks.map((t) => (
        <g key={`c${t.label}`}>
          <line x1={g.colorBar.x + g.colorBar.width} x2={g.colorBar.x + g.colorBar.width + 4} y1={t.at} y2={t.at} stroke={MUTED} />
          <text x={g.colorBar.x + g.colorBar.width + 6} y={t.at} dominantBaseline="middle" fill={MUTED}>
            {t.label}
          </text>
        </g>
      ))}
      <text x={g.width - 4} y={plot.top - 8} textAnchor="end" fill={INK} fontSize={11}>
        {data.quantity}
      </text>
      {g.stretched && (
        <text x={plot.left} y={g.height - 24} fill={MUTED} fontSize={10}>
          (not to scale: stretched to stay readable)
        </text>
      )}
    </svg>
  );
});
