import { useMemo } from 'react';
import type { P2Row, P3Row } from '../../core/veh/rows.ts';
import { ExportableFigure } from '../charts/ExportableFigure.tsx';
import { panelGeometry, trajectoryPoints, type PanelGeometry } from './trajectory-geometry.ts';

const WIDTH = 640;
const HEIGHT = 450;
const LEFT = 70;
const RIGHT = WIDTH - 20;
const VIOLATION_BOX = { left: LEFT, right: RIGHT, top: 52, bottom: 190 };
const POWER_BOX = { left: LEFT, right: RIGHT, top: 248, bottom: 386 };
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const INK = '#1b1f24';
const MUTED = '#5b6470';
const GRID = '#e3e7ec';
const FEASIBLE = '#009E73';
const INFEASIBLE = '#D55E00';
const LINE = '#0072B2';

/**
 * The episode's path through design space as two d3-scaled panels sharing the step axis: total
 * constraint violation V per step (0 = feasible) and load power per step against the task's
 * best-known-feasible power. Drawn with presentation attributes so Save SVG / PNG match the page.
 */
export function TranscriptTrajectory({ row, headingId }: { row: P2Row | P3Row; headingId: string }) {
  const points = useMemo(() => trajectoryPoints(row), [row]);
  const violation = panelGeometry(points, 'violation', VIOLATION_BOX, null);
  const power = panelGeometry(points, 'power', POWER_BOX, row.bkf_power_uw);
  const title = `${row.task_id}: ${row.probe === 'P2' ? 'search' : 'recovery'} trajectory`;
  const start = row.probe === 'P2' ? 'initial design' : 'trap state';
  return (
    <section className="tpane-section" aria-labelledby={headingId}>
      <h3 id={headingId}>Trajectory: violation and power per step</h3>
      <ExportableFigure title={title} testId="trajectory-plot" testIdOnFigure={false}>
        {(ref) => (
        <svg
          ref={ref}
          width={WIDTH}
          height={HEIGHT}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-label={`${title}. Total violation and load power at each of ${points.length - 1} steps, starting from the ${start}.`}
          data-testid="trajectory-plot"
          fontFamily={FONT}
          fontSize={12}
          style={{ maxWidth: '100%', height: 'auto', display: 'block' }}
        >
          <title>{title}</title>
          <rect x={0} y={0} width={WIDTH} height={HEIGHT} fill="#ffffff" />
          <text x={LEFT} y={18} fontWeight={600} fill={INK}>
            {title}
          </text>
          <Panel g={violation} title="Total constraint violation V (relative deficit, dimensionless; 0 = feasible)" yLabel="V (–)" testId="trajectory-violation" />
          <Panel g={power} title={`Load power (µW); dashed: best-known feasible ${row.bkf_power_uw.toPrecision(4)} µW`} yLabel="P (µW)" testId="trajectory-power" />
          <text x={(LEFT + RIGHT) / 2} y={POWER_BOX.bottom + 34} textAnchor="middle" fill={INK}>
            agent step (0 = {start})
          </text>
          <Legend y={HEIGHT - 12} />
        </svg>
        )}
      </ExportableFigure>
    </section>
  );
}

function Panel({ g, title, yLabel, testId }: { g: PanelGeometry; title: string; yLabel: string; testId: string }) {
  const { box } = g;
  return (
    <g data-testid={testId}>
      <text x={box.left} y={box.top - 10} fill={INK} fontWeight={500}>
        {title}
      </text>
      {g.yTicks.map((t) => (
        <g key={`y${t.value}`}>
          <line x1={box.left} x2={box.right} y1={t.at} y2={t.at} stroke={GRID} />
          <text x={box.left - 6} y={t.at} textAnchor="end" dominantBaseline="middle" fill={MUTED}>
            {t.label}
          </text>
        </g>
      ))}
      {g.xTicks.map((t) => (
        <g key={`x${t.value}`}>
          <line x1={t.at} x2={t.at} y1={box.bottom} y2={box.bottom + 4} stroke={MUTED} />
          <text x={t.at} y={box.bottom + 16} textAnchor="middle" fill={MUTED}>
            {t.label}
          </text>
        </g>
      ))}
      <line x1={box.left} x2={box.right} y1={box.bottom} y2={box.bottom} stroke={MUTED} />
      <line x1={box.left} x2={box.left} y1={box.top} y2={box.bottom} stroke={MUTED} />
      <text transform={`translate(16 ${(box.top + box.bottom) / 2}) rotate(-90)`} textAnchor="middle" fill={INK}>
        {yLabel}
      </text>
      {g.reference && <line x1={box.left} x2={box.right} y1={g.reference.y} y2={g.reference.y} stroke={MUTED} strokeDasharray="5 4" strokeWidth={1.2} />}
      <path d={g.path} fill="none" stroke={LINE} strokeWidth={1.6} strokeLinejoin="round" />
      {g.markers.map((m, i) => (
        <circle key={i} cx={m.cx} cy={m.cy} r={4} fill={m.feasible ? FEASIBLE : '#ffffff'} stroke={m.feasible ? FEASIBLE : INFEASIBLE} strokeWidth={1.8}>
          <title>{`${m.label}: ${m.feasible ? 'feasible' : 'infeasible'}`}</title>
        </circle>
      ))}
      {g.gaps.map((m, i) => (
        <g key={`gap${i}`} stroke={INFEASIBLE} strokeWidth={1.6}>
          <title>{m.label}</title>
          <line x1={m.cx - 4} x2={m.cx + 4} y1={box.bottom - 4} y2={box.bottom + 4} />
          <line x1={m.cx - 4} x2={m.cx + 4} y1={box.bottom + 4} y2={box.bottom - 4} />
        </g>
      ))}
    </g>
  );
}

function Legend({ y }: { y: number }) {
  return (
    <g fill={INK}>
      <circle cx={LEFT + 4} cy={y - 4} r={4} fill={FEASIBLE} stroke={FEASIBLE} />
      <text x={LEFT + 14} y={y}>
        feasible
      </text>
      <circle cx={LEFT + 84} cy={y - 4} r={4} fill="#ffffff" stroke={INFEASIBLE} strokeWidth={1.8} />
      <text x={LEFT + 94} y={y}>
        infeasible
      </text>
      <g stroke={INFEASIBLE} strokeWidth={1.6}>
        <line x1={LEFT + 170} x2={LEFT + 178} y1={y - 8} y2={y} />
        <line x1={LEFT + 170} x2={LEFT + 178} y1={y} y2={y - 8} />
      </g>
      <text x={LEFT + 184} y={y}>
        turn not evaluated
      </text>
      <line x1={LEFT + 300} x2={LEFT + 326} y1={y - 4} y2={y - 4} stroke={MUTED} strokeDasharray="5 4" />
      <text x={LEFT + 332} y={y}>
        best-known feasible power
      </text>
    </g>
  );
}
