/**
 * A design's layout as the evaluator rebuilt it: shapes per layer with a legend, µm axes, and every
 * failed gate that says where it fails outlined in red with its id. Geometry from
 * layout-geometry.ts; presentation attributes only, so the exported SVG looks like the page.
 */
import { forwardRef } from 'react';
import { CHART_FONT, INK, MUTED } from '../../charts/chart-style.ts';
import type { DesignShape } from '../../../core/design/source-api.ts';
import { layoutGeometry, type GateBox } from './layout-geometry.ts';

export const FAILED_GATE_COLOR = '#D00000';

export interface LayoutDrawingProps {
  title: string;
  shapes: readonly DesignShape[];
  failedGates: readonly GateBox[];
  width?: number;
  testId?: string;
}

export const LayoutDrawing = forwardRef<SVGSVGElement, LayoutDrawingProps>(function LayoutDrawing({ title, shapes, failedGates, width = 640, testId }, ref) {
  const g = layoutGeometry(shapes, failedGates, width);
  const { plot } = g;
  const bottom = plot.top + plot.height;
  return (
    <svg
      ref={ref}
      width={g.width}
      height={g.height}
      viewBox={`0 0 ${g.width} ${g.height}`}
      role="img"
      aria-label={`${title}: ${shapes.length} shapes on ${g.layers.map((l) => l.name).join(', ')}${failedGates.length > 0 ? `; failed gates marked: ${failedGates.map((b) => b.id).join(', ')}` : ''}`}
      data-testid={testId}
      fontFamily={CHART_FONT}
      fontSize={12}
      style={{ maxWidth: '100%', height: 'auto', display: 'block' }}
    >
      <title>{title}</title>
      <rect x={0} y={0} width={g.width} height={g.height} fill="#ffffff" />
      <text x={8} y={18} fontWeight={600} fill={INK}>
        {title}
      </text>
      {g.layers.map((l, i) => (
        <g key={l.name} transform={`translate(${plot.left + i * 96} 32)`} data-legend={l.name}>
          <rect x={0} y={-6} width={12} height={12} fill={l.color} fillOpacity={0.35} stroke={l.color} />
          <text x={16} y={0} dominantBaseline="middle" fill={INK}>
            {l.name}
          </text>
        </g>
      ))}
      <rect x={plot.left} y={plot.top} width={plot.width} height={plot.height} fill="none" stroke={MUTED} />
      <g data-role="shapes">
        {g.shapes.map((s, i) => (
          <path key={i} d={s.d} fill={s.color} fillOpacity={0.35} stroke={s.color} strokeWidth={1} data-layer={s.layer} />
        ))}
      </g>
      <g data-role="failed-gates">
        {g.markers.map((m, i) => (
          <g key={`${m.id}-${i}`} data-testid="layout-gate-marker" data-gate={m.id}>
            <rect x={m.x} y={m.y} width={Math.max(m.width, 1)} height={Math.max(m.height, 1)} fill="none" stroke={FAILED_GATE_COLOR} strokeWidth={2} />
            <text x={m.x} y={m.y - 4} fill={FAILED_GATE_COLOR} fontSize={11}>
              {m.id}
            </text>
          </g>
        ))}
      </g>
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
      <text x={plot.left + plot.width / 2} y={g.height - 8} textAnchor="middle" fill={INK}>
        x (µm)
      </text>
      <text transform={`translate(14 ${plot.top + plot.height / 2}) rotate(-90)`} textAnchor="middle" fill={INK}>
        y (µm)
      </text>
      {g.stretched && (
        <text x={g.width - 4} y={18} textAnchor="end" fill={MUTED} fontSize={10}>
          (not to scale: stretched to stay readable)
        </text>
      )}
    </svg>
  );
});
