import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { firstPreset } from '../presets.ts';
import { GeometrySvg } from './GeometrySvg.tsx';
import { gratingScene } from './grating-scene.ts';
import { layoutScene } from './scene-layout.ts';
import { GratingProblemSchema } from '../../../core/photonics/rcwa/problem.ts';
import { EmeProblemSchema } from '../../../core/photonics/eme/problem.ts';
import { emeScene } from './eme-scene.ts';
import { ddaScene } from './dda-scene.ts';
import { DdaProblemSchema } from '../../../core/photonics/dda/problem.ts';

const grating = gratingScene(GratingProblemSchema.parse(firstPreset('grating')));

describe('layoutScene', () => {
  it('keeps 1 nm across = 1 nm up for an equal-aspect scene, and flips y (up on the page)', () => {
    const g = layoutScene(grating);
    const spanX = grating.bounds.x[1] - grating.bounds.x[0];
    const spanY = grating.bounds.y[1] - grating.bounds.y[0];
    expect(g.plot.width / g.plot.height).toBeCloseTo(spanX / spanY, 2);
    const cover = g.shapes[0];
    const substrate = g.shapes[g.shapes.length - 1];
    expect(cover?.type === 'rect' && substrate?.type === 'rect' && cover.y < substrate.y).toBe(true);
  });

  it('stretches a long device to the full width ("fit")', () => {
    const eme = emeScene(EmeProblemSchema.parse({ kind: 'eme', cladding: { n: 1.45, k: 0 }, window_um: 4, wavelength_nm: 1550, sections: [{ length_um: 100, cores: [{ center_um: 0, width_um: 1, material: { n: 2, k: 0 } }] }] }));
    expect(eme.aspect).toBe('fit');
    const g = layoutScene(eme);
    expect(g.plot.width).toBe(420);
    expect(g.plot.height).toBeLessThan(g.plot.width / 2);
  });

  it('draws a scale bar of a round length instead of ticks for side-by-side panels (DDA)', () => {
    const scene = ddaScene(DdaProblemSchema.parse(firstPreset('dda')));
    const g = layoutScene(scene);
    expect(g.xTicks).toEqual([]);
    // The ADDA sphere (r = 321.551 nm): both panels span −1.8r … 4.9r ≈ 2.15 µm (+2 % padding); a fifth is ~450 nm,
    // under 500, so the bar is the next 1-2-5 length down, 200 nm.
    expect(scene.bounds.x[1] - scene.bounds.x[0]).toBeCloseTo(6.7 * 321.551 * 1.0 + 0.04 * 6.7 * 321.551, 0);
    expect(g.scaleBar?.label).toBe('200 nm');
    const kx = g.plot.width / (scene.bounds.x[1] - scene.bounds.x[0]);
    expect(((g.scaleBar?.x2 ?? 0) - (g.scaleBar?.x1 ?? 0)) / kx).toBeCloseTo(200, 0);
  });

  it('puts an arrowhead at the arrow tip', () => {
    const g = layoutScene(grating);
    const arrow = g.arrows[0];
    expect(arrow?.head.startsWith(`${arrow.x2},${arrow.y2}`)).toBe(true);
  });
});

describe('GeometrySvg', () => {
  it('draws the grating period with its legend, arrow and labels, styled by attributes (exportable)', () => {
    const html = renderToStaticMarkup(<GeometrySvg scene={grating} testId="geom" />);
    expect(html).toContain('<title>Grating: one period in cross-section</title>');
    expect(html).toContain('n = 1.5');
    expect(html).toContain('k (θ = 0°)');
    expect(html).toContain('E (TE): out of the page (⊙)');
    expect(html).not.toContain('class=');
    expect(html).not.toContain('NaN');
    expect(html).toMatchSnapshot();
  });
});
