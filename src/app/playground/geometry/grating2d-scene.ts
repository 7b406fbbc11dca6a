/**
 * A 2-D periodic layer seen from above: the unit cell (period_x × period_y, centred on the origin)
 * of the first patterned layer, its shapes (which may wrap across the cell edge, so the eight
 * neighbouring cells are drawn faded), and the in-plane direction of incidence (the azimuth).
 */
import type { Grating2dProblem } from '../../../core/photonics/rcwa/problem2d.ts';
import { boundsOf, Legend, materialLabel, type Arrow, type GeometryScene, type Shape } from './scene.ts';

export function grating2dScene(p: Grating2dProblem): GeometryScene {
  const legend = new Legend();
  const px = p.period_x_nm;
  const py = p.period_y_nm ?? px;
  const index = p.layers.findIndex((l) => l.shapes.length > 0 && l.thickness_nm > 0);
  const layer = p.layers[index >= 0 ? index : 0];
  const shapes: Shape[] = [];
  const offsets: [number, number][] = [];
  for (let i = -1; i <= 1; i++) for (let j = -1; j <= 1; j++) offsets.push([i, j]);
  const background = legend.index(materialLabel(layer?.background));
  for (const [i, j] of offsets) shapes.push({ type: 'rect', x: i * px - px / 2, y: j * py - py / 2, width: px, height: py, material: background, faded: i !== 0 || j !== 0 });
  // Neighbours' images first, so the central cell's own shapes are drawn on top.
  for (const [i, j] of [...offsets].sort(([i, j]) => (i === 0 && j === 0 ? 1 : -1))) {
    const faded = i !== 0 || j !== 0;
    for (const s of layer?.shapes ?? []) {
      const material = legend.index(materialLabel(s.material));
      const cx = s.center_nm[0] + i * px;
      const cy = s.center_nm[1] + j * py;
      if (s.type === 'circle') shapes.push({ type: 'ellipse', cx, cy, rx: s.radius_nm, ry: s.radius_nm, material, faded });
      else if (s.type === 'ellipse') shapes.push({ type: 'ellipse', cx, cy, rx: s.semi_axes_nm[0], ry: s.semi_axes_nm[1], material, faded });
      else shapes.push({ type: 'rect', x: cx - s.size_nm[0] / 2, y: cy - s.size_nm[1] / 2, width: s.size_nm[0], height: s.size_nm[1], material, faded });
    }
  }
  shapes.push({ type: 'rect', x: -px / 2, y: -py / 2, width: px, height: py, material: -1, dashed: true });
  const arrows: Arrow[] = [];
  // At oblique incidence the wave's in-plane direction is the azimuth; at normal incidence it has none.
  if (p.angle_deg > 0) {
    const phi = (p.azimuth_deg * Math.PI) / 180;
    const r = 0.45 * Math.min(px, py);
    arrows.push({ from: [-r * Math.cos(phi), -r * Math.sin(phi)], to: [r * Math.cos(phi), r * Math.sin(phi)], label: `k∥ (θ = ${p.angle_deg}°, φ = ${p.azimuth_deg}°)`, role: 'incidence' });
  }
  const patterned = p.layers.filter((l) => l.shapes.length > 0 && l.thickness_nm > 0).length;
  return {
    title: `Unit cell from above${p.layers.length > 1 ? `: layer ${Math.max(0, index) + 1} of ${p.layers.length}` : ''}`,
    unit: 'nm',
    xLabel: 'x (nm)',
    yLabel: 'y (nm)',
    bounds: boundsOf(
      [
        [-0.8 * px, -0.8 * py],
        [0.8 * px, 0.8 * py],
      ],
      0,
    ),
    aspect: 'equal',
    shapes,
    arrows,
    outOfPlane: p.angle_deg > 0 ? [] : [{ at: [0.3 * px, -0.3 * py], towards: false, label: 'k (normal incidence)' }],
    labels: [],
    legend: legend.entries,
    description: `A ${px} × ${py} nm unit cell; ${patterned} patterned layer(s) of ${p.layers.length}, the first patterned one drawn${layer ? ` (${layer.thickness_nm} nm thick)` : ''}; light from the cover at θ = ${p.angle_deg}°.`,
    notes: patterned > 1 ? ['only the first patterned layer is drawn'] : [],
  };
}
