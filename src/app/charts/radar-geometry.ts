/**
 * Geometry of a radar (spider) plot over axes scored on [0, 1]: the VEH stage profile, P1–P4
 * headlines normalised by src/core/leaderboard/stage-profile.ts. Axis k points at angle
 * −90° + 360°·k/K (the first axis straight up, clockwise). A missing value is drawn at the centre
 * and reported in `missing`, so a run without P3 rows does not look like a run scoring 0 on P3
 * without saying so.
 */
import { px } from './chart-style.ts';

export interface RadarSeries {
  name: string;
  /** One value per axis, on [0, 1] (clipped); null where the run has none. */
  values: readonly (number | null)[];
}

export interface RadarGeometry {
  /** The plot is `size` tall and wider by room for the side labels. */
  width: number;
  size: number;
  center: { x: number; y: number };
  radius: number;
  axes: { label: string; x: number; y: number; labelX: number; labelY: number; anchor: 'start' | 'middle' | 'end' }[];
  /** Grid rings at 0.25, 0.5, 0.75, 1 as closed polygons. */
  rings: { level: number; points: string }[];
  series: { name: string; index: number; points: string; dots: { x: number; y: number; value: number }[]; missing: string[] }[];
}

export function radarPoint(cx: number, cy: number, r: number, k: number, count: number): { x: number; y: number } {
  const angle = -Math.PI / 2 + (2 * Math.PI * k) / count;
  return { x: px(cx + r * Math.cos(angle)), y: px(cy + r * Math.sin(angle)) };
}

export const RADAR_LEVELS = [0.25, 0.5, 0.75, 1] as const;

/** Room left and right of the circle for axis labels written sideways (about 20 characters at 12 px). */
export const RADAR_SIDE_ROOM = 80;

export function radarGeometry(axes: readonly string[], series: readonly RadarSeries[], size = 360): RadarGeometry {
  const width = size + 2 * RADAR_SIDE_ROOM;
  const cx = width / 2;
  const cy = size / 2 + 10;
  const radius = size / 2 - 60;
  const n = axes.length;
  const polygon = (rs: readonly number[]): string =>
    rs
      .map((r, k) => radarPoint(cx, cy, r, k, n))
      .map((p) => `${p.x},${p.y}`)
      .join(' ');
  return {
    width,
    size,
    center: { x: cx, y: cy },
    radius,
    axes: axes.map((label, k) => {
      const end = radarPoint(cx, cy, radius, k, n);
      const at = radarPoint(cx, cy, radius + 16, k, n);
      const anchor = Math.abs(at.x - cx) < 1 ? 'middle' : at.x > cx ? 'start' : 'end';
      return { label, x: end.x, y: end.y, labelX: at.x, labelY: at.y, anchor };
    }),
    rings: RADAR_LEVELS.map((level) => ({ level, points: polygon(axes.map(() => radius * level)) })),
    series: series.map((s, index) => {
      const clipped = axes.map((_, k) => {
        const v = s.values[k];
        return v === null || v === undefined || !Number.isFinite(v) ? null : Math.min(1, Math.max(0, v));
      });
      return {
        name: s.name,
        index,
        points: polygon(clipped.map((v) => radius * (v ?? 0))),
        dots: clipped.flatMap((v, k) => (v === null ? [] : [{ ...radarPoint(cx, cy, radius * v, k, n), value: v }])),
        missing: axes.filter((_, k) => clipped[k] === null),
      };
    }),
  };
}
