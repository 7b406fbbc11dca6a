import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FAILED_GATE_COLOR, LayoutDrawing } from './LayoutDrawing.tsx';

describe('LayoutDrawing', () => {
  it('draws the shapes per layer with a legend, µm axes and the failed gates in red, with attributes only (exportable)', () => {
    const html = renderToStaticMarkup(
      <LayoutDrawing
        title="Layout of the submission"
        shapes={[
          { type: 'rect', layer: 'heater', x: [-1, 1], y: [2.22, 2.34] },
          { type: 'rect', layer: 'trench', x: [-6, -2.5], y: [-2, 3] },
          { type: 'polygon', layer: 'trench', points: [[2.5, -2], [6, -2], [6, 3]] },
        ]}
        failedGates={[{ id: 'max-temperature', x: [-0.5, 0.5], y: [1.8, 2.8] }]}
        testId="layout"
      />,
    );
    expect(html).toContain('<title>Layout of the submission</title>');
    expect(html.match(/data-layer="trench"/g)).toHaveLength(2);
    expect(html).toContain('data-legend="heater"');
    expect(html).toContain('x (µm)');
    expect(html).toContain('data-gate="max-temperature"');
    expect(html).toContain(`stroke="${FAILED_GATE_COLOR}"`);
    expect(html).not.toContain('class=');
    expect(html).not.toContain('NaN');
    expect(html).toMatchSnapshot();
  });
});
