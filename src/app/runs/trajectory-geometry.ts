/**
 * Geometry of the P2/P3 trajectory plot (TranscriptTrajectory.tsx): the points of an episode (the
 * start state at x = 0, then each agent step), and for one panel (total violation or load power per
 * step) the d3 scales turned into ticks, a path, markers and the BKF reference line. Pure, so the
 * numbers the plot draws are tested without a DOM.
 */
import { scaleLinear } from 'd3';
import { evaluatedState } from '../../core/veh/metrics/trajectory.ts';
import type { P2Row, P3Row } from '../../core/veh/rows.ts';

export interface TrajectoryPoint {
  /** 0 for the start state (P2 initial design, P3 trap), else the agent step number. */
  x: number;
  label: string;
  /** Null for a turn the oracle did not evaluate (invalid or no design). */
  violation: number | null;
  powerUw: number | null;
  feasible: boolean | null;
  violations: readonly string[];
}

export function trajectoryPoints(row: P2Row | P3Row): TrajectoryPoint[] {
  const start = row.probe === 'P2' ? row.initial : row.trap;
  const points: TrajectoryPoint[] = [
    {
      x: 0,
      label: row.probe === 'P2' ? 'initial design' : 'trap state',
      violation: start.result.total_violation,
      powerUw: start.result.load_power_uw,
      feasible: start.result.feasible,
      violations: start.result.violations,
    },
  ];
  for (const s of row.steps) {
    const st = evaluatedState(s);
    points.push({
      x: s.step,
      label: st ? `step ${s.step} · ${s.action ?? 'no action'}` : `step ${s.step} · not evaluated (${s.invalid_reason ?? 'no design'})`,
      violation: st ? st.result.total_violation : null,
      powerUw: st ? st.result.load_power_uw : null,
      feasible: st ? st.result.feasible : null,
      violations: st ? st.result.violations : [],
    });
  }
  return points;
}

export type PanelMetric = 'violation' | 'power';

export interface PanelBox {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export interface Tick {
  value: number;
  /** Pixel position along the tick's axis. */
  at: number;
  label: string;
}

export interface Marker {
  cx: number;
  cy: number;
  feasible: boolean;
  label: string;
}

export interface PanelGeometry {
  box: PanelBox;
  xTicks: Tick[];
  yTicks: Tick[];
  /** SVG path through the evaluated points, in step order (unevaluated turns are skipped, as the metrics skip them). */
  path: string;
  markers: Marker[];
  /** x positions of turns the oracle did not evaluate (drawn as crosses on the axis). */
  gaps: { cx: number; label: string }[];
  /** The best-known-feasible power line (power panel only). */
  reference: { y: number; label: string } | null;
}

const valueOf = (p: TrajectoryPoint, metric: PanelMetric): number | null => (metric === 'violation' ? p.violation : p.powerUw);

/**
 * One panel: x spans the steps (integer ticks), y starts at 0 (violation and power are never
 * negative, and a zero baseline keeps the two panels honest) and reaches the largest value or the
 * BKF reference, rounded outward by d3's nice().
 */
export function panelGeometry(points: readonly TrajectoryPoint[], metric: PanelMetric, box: PanelBox, bkfPowerUw: number | null): PanelGeometry {
  const xs = points.map((p) => p.x);
  const maxX = Math.max(1, ...xs);
  const minX = Math.min(0, ...xs);
  const x = scaleLinear().domain([minX, maxX]).range([box.left, box.right]);
  const values = points.map((p) => valueOf(p, metric)).filter((v): v is number => v !== null && Number.isFinite(v));
  const reference = metric === 'power' && bkfPowerUw !== null && Number.isFinite(bkfPowerUw) ? bkfPowerUw : null;
  let top = Math.max(0, ...values, reference ?? 0);
  if (top === 0) top = 1;
  const y = scaleLinear().domain([0, top]).range([box.bottom, box.top]).nice(5);
  const yFormat = y.tickFormat(5);
  // Steps are integers: ticks at whole steps only, at most about 10 of them.
  const every = Math.max(1, Math.ceil((maxX - minX) / 10));
  const xTicks: Tick[] = [];
  for (let v = minX; v <= maxX; v += every) xTicks.push({ value: v, at: x(v), label: String(v) });

  let path = '';
  const markers: Marker[] = [];
  const gaps: { cx: number; label: string }[] = [];
  for (const p of points) {
    const v = valueOf(p, metric);
    if (v === null || !Number.isFinite(v)) {
      gaps.push({ cx: x(p.x), label: p.label });
      continue;
    }
    const cx = x(p.x);
    const cy = y(v);
    path += `${path === '' ? 'M' : 'L'}${cx.toFixed(2)},${cy.toFixed(2)}`;
    markers.push({ cx, cy, feasible: p.feasible === true, label: p.label });
  }
  return {
    box,
    xTicks,
    yTicks: y.ticks(5).map((v) => ({ value: v, at: y(v), label: yFormat(v) })),
    path,
    markers,
    gaps,
    reference: reference === null ? null : { y: y(reference), label: 'best-known feasible' },
  };
}
