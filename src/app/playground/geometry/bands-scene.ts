/**
 * A photonic crystal's unit cell for the band solver: the central cell outlined, its
 * neighbours faded around it (so rods and holes read as a crystal), and the primitive lattice
 * vectors a₁, a₂ from the origin. Lengths in units of the lattice constant a.
 */
import { makeLattice } from '../../../core/photonics/pwe/lattice.ts';
import type { BandsProblem } from '../../../core/photonics/pwe/problem.ts';
import { boundsOf, Legend, type GeometryScene, type Point, type Shape } from './scene.ts';

const epsLabel = (eps: number): string => `ε = ${eps}`;

export function bandsScene(p: BandsProblem): GeometryScene {
  const lattice = makeLattice(p.lattice);
  const { a1, a2 } = lattice;
  const legend = new Legend();
  const background = legend.index(epsLabel(p.background_epsilon));
  const cell = (i: number, j: number): Point[] => {
    const o = { x: i * a1.x + j * a2.x, y: i * a1.y + j * a2.y };
    return [
      [o.x - (a1.x + a2.x) / 2, o.y - (a1.y + a2.y) / 2],
      [o.x + (a1.x - a2.x) / 2, o.y + (a1.y - a2.y) / 2],
      [o.x + (a1.x + a2.x) / 2, o.y + (a1.y + a2.y) / 2],
      [o.x - (a1.x - a2.x) / 2, o.y - (a1.y - a2.y) / 2],
    ];
  };
  const shapes: Shape[] = [];
  const offsets: [number, number][] = [];
  // Two rings of neighbours: a skewed (triangular) patch of one ring leaves bare corners in view.
  for (let i = -2; i <= 2; i++) for (let j = -2; j <= 2; j++) offsets.push([i, j]);
  for (const [i, j] of offsets) shapes.push({ type: 'polygon', points: cell(i, j), material: background, faded: i !== 0 || j !== 0 });
  // Shapes of the neighbours first, so the central cell's own shapes are drawn on top.
  const sorted = [...offsets].sort(([i, j]) => (i === 0 && j === 0 ? 1 : -1));
  for (const [i, j] of sorted) {
    const ox = i * a1.x + j * a2.x;
    const oy = i * a1.y + j * a2.y;
    const faded = i !== 0 || j !== 0;
    for (const s of p.shapes) {
      const material = legend.index(epsLabel(s.epsilon));
      const [cx, cy] = s.center_a;
      if (s.shape === 'circle') shapes.push({ type: 'ellipse', cx: ox + cx, cy: oy + cy, rx: s.radius_a, ry: s.radius_a, material, faded });
      else shapes.push({ type: 'rect', x: ox + cx - s.width_a / 2, y: oy + cy - s.height_a / 2, width: s.width_a, height: s.height_a, material, faded });
    }
  }
  shapes.push({ type: 'polygon', points: cell(0, 0), material: -1, dashed: true });
  const bounds = boundsOf([-1, 0, 1].flatMap((i) => [-1, 0, 1].flatMap((j) => cell(i, j))), 0);
  const what = p.shapes.map((s) => (s.shape === 'circle' ? `a circle r = ${s.radius_a}a, ε = ${s.epsilon}` : `a ${s.width_a}a × ${s.height_a}a rectangle, ε = ${s.epsilon}`));
  return {
    title: `Unit cell: ${p.lattice} lattice`,
    unit: 'a',
    xLabel: 'x (units of a)',
    yLabel: 'y (units of a)',
    // Crop to the central cell and the near half of each neighbour (where the crystal is legible), keeping a₁ and a₂ in view.
    bounds: boundsOf(
      [
        [bounds.x[0] / 2, bounds.y[0] / 2],
        [bounds.x[1] / 2, bounds.y[1] / 2],
        [a1.x, a1.y],
        [a2.x, a2.y],
      ],
      0.08,
    ),
    aspect: 'equal',
    shapes,
    arrows: [
      { from: [0, 0], to: [a1.x, a1.y], label: 'a₁', role: 'axis' },
      { from: [0, 0], to: [a2.x, a2.y], label: 'a₂', role: 'axis' },
    ],
    outOfPlane: [],
    labels: [],
    legend: legend.entries,
    description: `${p.lattice} lattice, background ε = ${p.background_epsilon}, with ${what.length > 0 ? what.join('; ') : 'no shapes'} per cell.`,
    notes: [],
  };
}
