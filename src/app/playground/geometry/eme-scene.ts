/**
 * An EME device seen from above: z (along the light) to the right, x (across) up. Each section's
 * cores are rectangles, a taper a trapezoid from its start to its end cores; the dashed box is the
 * closed transverse window. Devices are usually far longer than wide, so the axes are scaled
 * separately unless the proportions allow one scale.
 */
import type { EmeProblem } from '../../../core/photonics/eme/problem.ts';
import { boundsOf, Legend, materialLabel, type GeometryScene, type Shape } from './scene.ts';

const MAX_TO_SCALE_RATIO = 4;

export function emeScene(p: EmeProblem): GeometryScene {
  const legend = new Legend();
  const half = p.window_um / 2;
  const length = p.sections.reduce((s, sec) => s + sec.length_um, 0);
  const shapes: Shape[] = [{ type: 'rect', x: 0, y: -half, width: length, height: p.window_um, material: legend.index(materialLabel(p.cladding)) }];
  const labels: GeometryScene['labels'] = [];
  let z = 0;
  p.sections.forEach((sec, i) => {
    const z1 = z + sec.length_um;
    sec.cores.forEach((c, j) => {
      const material = legend.index(materialLabel(c.material));
      const end = sec.taper_to?.[j];
      if (end) {
        shapes.push({
          type: 'polygon',
          points: [
            [z, c.center_um - c.width_um / 2],
            [z1, end.center_um - end.width_um / 2],
            [z1, end.center_um + end.width_um / 2],
            [z, c.center_um + c.width_um / 2],
          ],
          material,
        });
      } else shapes.push({ type: 'rect', x: z, y: c.center_um - c.width_um / 2, width: sec.length_um, height: c.width_um, material });
    });
    const swept = p.sweep?.section === i ? ' (swept)' : '';
    if (sec.length_um > 0) labels.push({ at: [(z + z1) / 2, half * 0.85], text: `${i + 1}${swept}`, anchor: 'middle' });
    z = z1;
  });
  shapes.push({ type: 'rect', x: 0, y: -half, width: length, height: p.window_um, material: -1, dashed: true });
  const first = p.sections[0]?.cores[0];
  const inputX = first?.center_um ?? 0;
  const reach = Math.max(length * 0.08, 0.5);
  const ratio = length / p.window_um;
  const toScale = ratio <= MAX_TO_SCALE_RATIO && ratio >= 1 / MAX_TO_SCALE_RATIO;
  return {
    title: 'Device from above: sections along z',
    unit: 'µm',
    xLabel: 'z along the device (µm)',
    yLabel: 'x across (µm)',
    bounds: boundsOf([[-reach, -half], [length, half]], 0.03),
    aspect: toScale ? 'equal' : 'fit',
    shapes,
    arrows: [{ from: [-reach, inputX], to: [0, inputX], label: `mode ${p.input_mode}`, role: 'incidence' }],
    outOfPlane: [],
    labels,
    legend: legend.entries,
    description: `${p.sections.length} section(s), ${length} µm long in all, in a ${p.window_um} µm window; mode ${p.input_mode} enters from the left${p.sweep ? `; section ${p.sweep.section + 1}'s length is swept over ${p.sweep.lengths_um.length} values (drawn at length_um)` : ''}.`,
    notes: toScale ? [] : ['z and x drawn at different scales'],
  };
}
