/**
 * A waveguide cross-section for the mode solver: substrate below y = 0, cladding above, the core
 * (strip, rib on its slab, or the two rails of a slot) and the computational window, sized as the
 * finite-difference solver sizes it (fdmode/geometry.ts) so the preview shows the grid it will use.
 * A slab structure is drawn as its three layers (infinite across, so only a stretch of it).
 */
import { coreHalfWidth, DEFAULT_MARGIN_NM } from '../../../core/photonics/fdmode/geometry.ts';
import type { ChannelStructure } from '../../../core/photonics/fdmode/problem.ts';
import type { SlabStructure } from '../../../core/photonics/slab/problem.ts';
import { boundsOf, Legend, materialLabel, type GeometryScene, type Shape } from './scene.ts';

/** The solver's window (x centred on the core, the core centred vertically), nm. */
export function channelWindow(s: ChannelStructure): { x: [number, number]; y: [number, number] } {
  const width = s.window_nm?.width ?? 2 * (coreHalfWidth(s) + DEFAULT_MARGIN_NM);
  const height = s.window_nm?.height ?? s.core.height_nm + 2 * DEFAULT_MARGIN_NM;
  const y0 = s.core.height_nm / 2 - height / 2;
  return { x: [-width / 2, width / 2], y: [y0, y0 + height] };
}

export function channelScene(s: ChannelStructure): GeometryScene {
  const legend = new Legend();
  const win = channelWindow(s);
  const width = win.x[1] - win.x[0];
  const core = legend.index(materialLabel(s.core.material));
  const shapes: Shape[] = [];
  if (win.y[0] < 0) shapes.push({ type: 'rect', x: win.x[0], y: win.y[0], width, height: Math.min(0, win.y[1]) - win.y[0], material: legend.index(materialLabel(s.substrate)) });
  if (win.y[1] > 0) shapes.push({ type: 'rect', x: win.x[0], y: Math.max(0, win.y[0]), width, height: win.y[1] - Math.max(0, win.y[0]), material: legend.index(materialLabel(s.cladding)) });
  const w = s.core.width_nm;
  const h = s.core.height_nm;
  if (s.shape === 'slot') {
    const g = (s.gap_nm ?? 0) / 2;
    shapes.push({ type: 'rect', x: -g - w, y: 0, width: w, height: h, material: core }, { type: 'rect', x: g, y: 0, width: w, height: h, material: core });
  } else {
    if (s.shape === 'rib') shapes.push({ type: 'rect', x: win.x[0], y: 0, width, height: s.slab_height_nm ?? 0, material: core });
    shapes.push({ type: 'rect', x: -w / 2, y: 0, width: w, height: h, material: core });
  }
  shapes.push({ type: 'rect', x: win.x[0], y: win.y[0], width, height: win.y[1] - win.y[0], material: -1, dashed: true });
  const nodes = Math.round(width / s.grid_nm) * Math.round((win.y[1] - win.y[0]) / s.grid_nm);
  return {
    title: `Cross-section: ${s.shape}`,
    unit: 'nm',
    xLabel: 'x (nm)',
    yLabel: 'y (nm), substrate below 0',
    bounds: boundsOf([[win.x[0], win.y[0]], [win.x[1], win.y[1]]], 0.03),
    aspect: 'equal',
    shapes,
    arrows: [],
    outOfPlane: [],
    labels: [
      { at: [win.x[0] + width * 0.02, win.y[0] + (win.y[1] - win.y[0]) * 0.04], text: 'substrate', anchor: 'start' },
      { at: [win.x[0] + width * 0.02, win.y[1] - (win.y[1] - win.y[0]) * 0.08], text: 'cladding', anchor: 'start' },
    ],
    legend: legend.entries,
    description: `A ${s.shape} core ${w} × ${h} nm${s.shape === 'slot' ? ` (two rails, ${s.gap_nm ?? 0} nm gap)` : ''}${s.shape === 'rib' ? ` on a ${s.slab_height_nm ?? 0} nm slab` : ''}; window ${Math.round(width)} × ${Math.round(win.y[1] - win.y[0])} nm (dashed), about ${nodes} grid nodes at ${s.grid_nm} nm.`,
    notes: [],
  };
}

export function slabScene(s: SlabStructure): GeometryScene {
  const legend = new Legend();
  const t = s.core.thickness_nm;
  const half = 2 * t;
  const shapes: Shape[] = [
    { type: 'rect', x: -half, y: -t, width: 2 * half, height: t, material: legend.index(materialLabel(s.substrate)) },
    { type: 'rect', x: -half, y: 0, width: 2 * half, height: t, material: legend.index(materialLabel(s.core.material)) },
    { type: 'rect', x: -half, y: t, width: 2 * half, height: t, material: legend.index(materialLabel(s.cover)) },
  ];
  return {
    title: 'Cross-section: three-layer slab',
    unit: 'nm',
    xLabel: 'along the slab (nm)',
    yLabel: 'x across the slab (nm)',
    bounds: boundsOf([[-half, -t], [half, 2 * t]], 0.03),
    aspect: 'equal',
    shapes,
    arrows: [],
    outOfPlane: [],
    labels: [
      { at: [-half * 0.95, -t * 0.5], text: 'substrate', anchor: 'start' },
      { at: [-half * 0.95, 1.5 * t], text: 'cover', anchor: 'start' },
    ],
    legend: legend.entries,
    description: `A ${t} nm core between substrate and cover, infinite along the slab (a stretch of it is drawn).`,
    notes: ['the cover and substrate are semi-infinite: only one core thickness of each is drawn'],
  };
}
