/**
 * A DDA particle projected on two planes side by side: x–y (seen along z) and x–z (seen along y),
 * with the incidence direction k and the field E. A direction out of a drawing is marked ⊙ (towards
 * the viewer) or ⊗ (away): with x right and y up, +z points at the viewer; with x right and z up,
 * +y points away from the viewer (right-handed axes).
 */
import type { DdaProblem } from '../../../core/photonics/dda/problem.ts';
import { boundsOf, Legend, materialLabel, shapePoints, type Arrow, type GeometryScene, type OutOfPlane, type Shape } from './scene.ts';

type Axis = 'x' | 'y' | 'z';
type Particle = DdaProblem['particle'];

/** Half-extents of the particle along x, y, z, nm. */
export function halfExtents(p: Particle): [number, number, number] {
  switch (p.shape) {
    case 'sphere':
      return [p.radius_nm, p.radius_nm, p.radius_nm];
    case 'cube':
      return [p.edge_nm / 2, p.edge_nm / 2, p.edge_nm / 2];
    case 'rod':
      return [p.radius_nm, p.radius_nm, p.length_nm / 2];
    case 'ellipsoid':
      return p.semi_axes_nm;
    case 'dimer':
      return [2 * p.radius_nm + p.gap_nm / 2, p.radius_nm, p.radius_nm];
  }
}

/** The particle's outline on the plane spanned by x (across) and `up`, centred at (ox, 0). */
function outline(p: Particle, up: 'y' | 'z', ox: number, material: number): Shape[] {
  switch (p.shape) {
    case 'sphere':
      return [{ type: 'ellipse', cx: ox, cy: 0, rx: p.radius_nm, ry: p.radius_nm, material }];
    case 'cube':
      return [{ type: 'rect', x: ox - p.edge_nm / 2, y: -p.edge_nm / 2, width: p.edge_nm, height: p.edge_nm, material }];
    case 'rod':
      return up === 'y'
        ? [{ type: 'ellipse', cx: ox, cy: 0, rx: p.radius_nm, ry: p.radius_nm, material }]
        : [{ type: 'rect', x: ox - p.radius_nm, y: -p.length_nm / 2, width: 2 * p.radius_nm, height: p.length_nm, material }];
    case 'ellipsoid': {
      const [a, b, c] = p.semi_axes_nm;
      return [{ type: 'ellipse', cx: ox, cy: 0, rx: a, ry: up === 'y' ? b : c, material }];
    }
    case 'dimer': {
      const d = p.radius_nm + p.gap_nm / 2;
      return [-d, d].map((x) => ({ type: 'ellipse', cx: ox + x, cy: 0, rx: p.radius_nm, ry: p.radius_nm, material }));
    }
  }
}

export function ddaScene(p: DdaProblem): GeometryScene {
  const legend = new Legend();
  const material = legend.index(materialLabel(p.material));
  const [ex, ey, ez] = halfExtents(p.particle);
  const r = Math.max(ex, ey, ez);
  const panels = [
    { up: 'y' as const, out: 'z' as Axis, outTowards: true, ox: 0, title: 'x–y plane (seen along z)' },
    { up: 'z' as const, out: 'y' as Axis, outTowards: false, ox: 2 * ex + 1.6 * r, title: 'x–z plane (seen along y)' },
  ];
  const shapes: Shape[] = [];
  const arrows: Arrow[] = [];
  const outOfPlane: OutOfPlane[] = [];
  const labels: GeometryScene['labels'] = [];
  const len = 0.6 * r;
  for (const panel of panels) {
    shapes.push(...outline(p.particle, panel.up, panel.ox, material));
    labels.push({ at: [panel.ox, 1.55 * r], text: panel.title, anchor: 'middle' });
    // The k and E markers sit in the panel's lower-left corner, clear of the particle.
    const corner: [number, number] = [panel.ox - ex - 0.5 * r, -1.25 * r];
    for (const [axis, label, role] of [
      [p.propagation, 'k', 'incidence'],
      [p.polarization, 'E', 'field'],
    ] as const) {
      // Below the arrows' corner, so its label does not run into the in-plane arrow.
      if (axis === panel.out) outOfPlane.push({ at: [corner[0], corner[1] - 0.4 * r], towards: panel.outTowards, label });
      else arrows.push({ from: corner, to: axis === 'x' ? [corner[0] + len, corner[1]] : [corner[0], corner[1] + len], label, role });
    }
  }
  const right = panels[panels.length - 1]?.ox ?? 0;
  const points = shapes.flatMap(shapePoints).concat([
    [-ex - 0.8 * r, -1.85 * r],
    [right + ex + 0.3 * r, 1.75 * r],
  ]);
  return {
    title: `Particle: ${p.particle.shape}`,
    unit: 'nm',
    xLabel: 'x across both panels; y up on the left, z up on the right',
    yLabel: 'nm (see the scale bar)',
    bounds: boundsOf(points, 0.02),
    aspect: 'equal',
    scaleBar: true,
    shapes,
    arrows,
    outOfPlane,
    labels,
    legend: legend.entries,
    description: `A ${p.particle.shape} ${Math.round(2 * ex)} × ${Math.round(2 * ey)} × ${Math.round(2 * ez)} nm (x × y × z) of ${materialLabel(p.material)}, light along +${p.propagation}, E along ${p.polarization}, λ = ${p.wavelength_nm} nm.`,
    notes: [],
  };
}
