import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Heatmap } from './Heatmap.tsx';

// A 6 × 4 dipole-like field (x − 2.5)·(y − 1.5): negative and positive lobes, for the diverging scale.
const values = Array.from({ length: 4 }, (_, r) => Array.from({ length: 6 }, (_, c) => (c - 2.5) * (r - 1.5)));

describe('Heatmap', () => {
  it('draws cells, axes in nm, a colour bar and the quantity, with attributes only (exportable)', () => {
    const html = renderToStaticMarkup(<Heatmap data={{ title: 'Ey of TM0', x_nm: [-600, 600], y_nm: [-400, 400], values, quantity: 'Re Ey (a.u.)', scale: 'diverging' }} testId="map-ey" />);
    expect(html).toContain('<title>Ey of TM0</title>');
    expect(html).toContain('x (nm)');
    expect(html).toContain('y (nm)');
    expect(html).toContain('Re Ey (a.u.)');
    expect(html).toContain('data-rows="4"');
    expect(html).toContain('data-cols="6"');
    expect(html).not.toContain('class=');
    expect(html).not.toContain('NaN');
    expect(html).toMatchSnapshot();
  });
});
