import { forwardRef, useId } from 'react';
import { CHART_FONT, INK, MUTED } from '../../charts/chart-style.ts';
import { layoutScene, type LaidShape } from './scene-layout.ts';
import type { GeometryScene } from './scene.ts';

/** Light, distinguishable fills for up to eight materials (legend order), then repeated. */
export const MATERIAL_FILLS = ['#cfe3f7', '#f4c48f', '#b9dfc4', '#dcc4ea', '#f1b8b8', '#e6e09a', '#b8d8d8', '#d9d9d9'] as const;
const ARROW_COLORS = { incidence: '#D55E00', field: '#0072B2', axis: INK } as const;

const fillOf = (material: number): string => (material < 0 ? 'none' : (MATERIAL_FILLS[material % MATERIAL_FILLS.length] as string));

function ShapeView({ s }: { s: LaidShape }) {
  const common = {
    fill: s.dashed ? 'none' : fillOf(s.material),
    fillOpacity: s.faded ? 0.45 : 1,
    stroke: s.dashed ? INK : MUTED,
    strokeWidth: s.dashed ? 1.4 : 0.75,
    strokeOpacity: s.faded ? 0.45 : 1,
    strokeDasharray: s.dashed ? '5 4' : undefined,
  };
  if (s.type === 'rect') return <rect x={s.x} y={s.y} width={s.width} height={s.height} {...common} />;
  if (s.type === 'ellipse') return <ellipse cx={s.cx} cy={s.cy} rx={s.rx} ry={s.ry} {...common} />;
  return <polygon points={s.points} {...common} />;
}

/** Draws a geometry scene (see scene.ts) with presentation attributes only, so it exports as SVG/PNG. */
export const GeometrySvg = forwardRef<SVGSVGElement, { scene: GeometryScene; testId?: string }>(function GeometrySvg({ scene, testId }, ref) {
  const g = layoutScene(scene);
  const clipId = `pg-geom-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const { plot } = g;
  const bottom = plot.top + plot.height;
  return (
    <svg
      ref={ref}
      width={g.width}
      height={g.height}
      viewBox={`0 0 ${g.width} ${g.height}`}
      role="img"
      aria-label={`${scene.title}. ${scene.description}`}
      data-testid={testId}
      fontFamily={CHART_FONT}
      fontSize={12}
      style={{ maxWidth: '100%', height: 'auto', display: 'block' }}
    >
      <title>{scene.title}</title>
      <defs>
        <clipPath id={clipId}>
          <rect x={plot.left} y={plot.top} width={plot.width} height={plot.height} />
        </clipPath>
      </defs>
      <rect x={0} y={0} width={g.width} height={g.height} fill="#ffffff" />
      <text x={8} y={18} fontWeight={600} fill={INK}>
        {scene.title}
      </text>
      <g clipPath={`url(#${clipId})`} data-role="shapes">
        {g.shapes.map((s, i) => (
          <ShapeView key={i} s={s} />
        ))}
        {g.labels.map((l, i) => (
          <text key={i} x={l.x} y={l.y} textAnchor={l.anchor} fill={MUTED} fontSize={11}>
            {l.text}
          </text>
        ))}
        {g.arrows.map((a, i) => (
          <g key={i} data-role={`arrow-${a.role}`}>
            <line x1={a.x1} y1={a.y1} x2={a.x2} y2={a.y2} stroke={ARROW_COLORS[a.role]} strokeWidth={a.role === 'incidence' ? 2.2 : 1.6} />
            <polygon points={a.head} fill={ARROW_COLORS[a.role]} />
            <text x={a.labelX} y={a.labelY} textAnchor="middle" dominantBaseline="middle" fill={ARROW_COLORS[a.role]} fontSize={11} fontWeight={600}>
              {a.label}
            </text>
          </g>
        ))}
        {g.outOfPlane.map((o, i) => (
          <g key={i} data-role="out-of-plane">
            <circle cx={o.x} cy={o.y} r={6} fill="#ffffff" stroke={INK} strokeWidth={1.2} />
            {o.towards ? (
              <circle cx={o.x} cy={o.y} r={1.8} fill={INK} />
            ) : (
              <path d={`M${o.x - 4},${o.y - 4}L${o.x + 4},${o.y + 4}M${o.x - 4},${o.y + 4}L${o.x + 4},${o.y - 4}`} stroke={INK} strokeWidth={1.2} />
            )}
            <text x={o.x + 10} y={o.y} dominantBaseline="middle" fill={INK} fontSize={11}>
              {o.label}
            </text>
            <title>{`${o.label}: ${o.towards ? 'out of the page (⊙)' : 'into the page (⊗)'}`}</title>
          </g>
        ))}
      </g>
      <rect x={plot.left} y={plot.top} width={plot.width} height={plot.height} fill="none" stroke={MUTED} />
      {g.xTicks.map((t) => (
        <g key={`x${t.label}`}>
          <line x1={t.at} x2={t.at} y1={bottom} y2={bottom + 4} stroke={MUTED} />
          <text x={t.at} y={bottom + 15} textAnchor="middle" fill={MUTED} fontSize={11}>
            {t.label}
          </text>
        </g>
      ))}
      {g.yTicks.map((t) => (
        <g key={`y${t.label}`}>
          <line x1={plot.left - 4} x2={plot.left} y1={t.at} y2={t.at} stroke={MUTED} />
          <text x={plot.left - 6} y={t.at} textAnchor="end" dominantBaseline="middle" fill={MUTED} fontSize={11}>
            {t.label}
          </text>
        </g>
      ))}
      {g.scaleBar && (
        <g data-role="scale-bar">
          <line x1={g.scaleBar.x1} x2={g.scaleBar.x2} y1={g.scaleBar.y} y2={g.scaleBar.y} stroke={INK} strokeWidth={2} />
          <text x={(g.scaleBar.x1 + g.scaleBar.x2) / 2} y={g.scaleBar.y - 6} textAnchor="middle" fill={INK} fontSize={11}>
            {g.scaleBar.label}
          </text>
        </g>
      )}
      <text x={plot.left + plot.width / 2} y={bottom + 32} textAnchor="middle" fill={INK}>
        {scene.xLabel}
      </text>
      <text transform={`translate(14 ${(plot.top + bottom) / 2}) rotate(-90)`} textAnchor="middle" fill={INK} fontSize={11}>
        {scene.yLabel}
      </text>
      {g.legend.map((l) => (
        <g key={l.material} transform={`translate(${l.x} ${l.y})`} data-role="legend">
          <rect x={0} y={-6} width={16} height={12} fill={fillOf(l.material)} stroke={MUTED} strokeWidth={0.75} />
          <text x={22} y={0} dominantBaseline="middle" fill={INK}>
            {l.label}
          </text>
        </g>
      ))}
    </svg>
  );
});
