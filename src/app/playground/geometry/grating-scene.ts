/**
 * One period of a grating stack in cross-section: the cover on top, each layer's ridges over its
 * groove material, the substrate below, and the incident wave arriving at angle_deg with its
 * polarisation (TE: E along the grooves, out of the drawing; TM: H along them).
 */
import type { GratingProblem } from '../../../core/photonics/rcwa/problem.ts';
import { boundsOf, Legend, materialLabel, shapePoints, type Arrow, type GeometryScene, type OutOfPlane, type Shape } from './scene.ts';

/** Beyond this depth-to-period ratio (or its inverse) the drawing is stretched, or a layer would vanish. */
const MAX_TO_SCALE_RATIO = 8;

export function gratingScene(p: GratingProblem): GeometryScene {
  const legend = new Legend();
  const period = p.period_nm;
  const total = p.layers.reduce((s, l) => s + l.thickness_nm, 0);
  // Half-spaces drawn tall enough to hold the incidence arrow, without dwarfing the layers.
  const halfSpace = Math.max(0.35 * period, 0.4 * total);
  const shapes: Shape[] = [{ type: 'rect', x: 0, y: 0, width: period, height: halfSpace, material: legend.index(materialLabel(p.cover)) }];
  let top = 0;
  for (const layer of p.layers) {
    const bottom = top - layer.thickness_nm;
    if (layer.thickness_nm > 0) {
      shapes.push({ type: 'rect', x: 0, y: bottom, width: period, height: layer.thickness_nm, material: legend.index(materialLabel(layer.background)) });
      for (const r of layer.ridges) {
        shapes.push({ type: 'rect', x: r.from * period, y: bottom, width: (r.to - r.from) * period, height: layer.thickness_nm, material: legend.index(materialLabel(r.material)) });
      }
    }
    top = bottom;
  }
  shapes.push({ type: 'rect', x: 0, y: -total - halfSpace, width: period, height: halfSpace, material: legend.index(materialLabel(p.substrate)) });

  const theta = (p.angle_deg * Math.PI) / 180;
  const length = 0.8 * halfSpace;
  const hit: [number, number] = [period / 2, 0];
  const start: [number, number] = [hit[0] - length * Math.sin(theta), length * Math.cos(theta)];
  const arrows: Arrow[] = [{ from: start, to: hit, label: `k (θ = ${p.angle_deg}°)`, role: 'incidence' }];
  const fieldLabel = p.polarization === 'TE' ? 'E (TE)' : p.polarization === 'TM' ? 'H (TM)' : 'TE: E, TM: H';
  // The grooves run along y, out of the x–z drawing plane: the TE E-field (or TM H-field) points out of it.
  const outOfPlane: OutOfPlane[] = [{ at: [start[0] + 0.12 * period, start[1]], towards: true, label: fieldLabel }];
  const ratio = total / period;
  const toScale = total === 0 || (ratio < MAX_TO_SCALE_RATIO && ratio > 1 / MAX_TO_SCALE_RATIO);
  const ridged = p.layers.filter((l) => l.ridges.length > 0 && l.thickness_nm > 0).length;
  return {
    title: 'Grating: one period in cross-section',
    unit: 'nm',
    xLabel: 'x across the grooves (nm)',
    yLabel: 'z (nm), 0 = top of the stack',
    bounds: boundsOf(shapes.flatMap(shapePoints).concat([start]), 0.02),
    aspect: toScale ? 'equal' : 'fit',
    shapes,
    arrows,
    outOfPlane,
    labels: [
      { at: [period * 0.02, halfSpace * 0.85], text: 'cover', anchor: 'start' },
      { at: [period * 0.02, -total - halfSpace * 0.85], text: 'substrate', anchor: 'start' },
    ],
    legend: legend.entries,
    description: `One ${period} nm period: ${p.layers.length} layer(s), ${ridged} patterned, ${total} nm deep in all; light from the cover at ${p.angle_deg}°, ${p.polarization}.`,
    notes: toScale ? [] : ['depth and period drawn at different scales'],
  };
}
