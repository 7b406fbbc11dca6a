import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LineChart } from './LineChart.tsx';
import { fileStem } from './chart-export.ts';

describe('LineChart', () => {
  it('draws one path per series, with axis labels, legend and title, styled by attributes (exportable)', () => {
    const html = renderToStaticMarkup(
      <LineChart
        title="R, T vs wavelength"
        xLabel="vacuum wavelength (nm)"
        yLabel="fraction of incident power"
        series={[
          { name: 'R', x: [400, 500, 600], y: [0.1, 0.2, 0.3] },
          { name: 'T', x: [400, 500, 600], y: [0.9, 0.8, 0.7] },
        ]}
        yDomain={[0, 1]}
        testId="plot"
      />,
    );
    expect(html.match(/<path /g)).toHaveLength(2);
    expect(html).toContain('vacuum wavelength (nm)');
    expect(html).toContain('fraction of incident power');
    expect(html).toContain('<title>R, T vs wavelength</title>');
    expect(html).toMatch(/>R<\/text>/);
    expect(html).toMatch(/>T<\/text>/);
    // Presentation attributes, no class names: the serialised SVG looks the same outside the page.
    expect(html).not.toContain('class=');
    expect(html).toContain('stroke="#0072B2"');
  });

  it('breaks the line at missing values instead of drawing through them', () => {
    const html = renderToStaticMarkup(<LineChart title="t" xLabel="x" yLabel="y" series={[{ name: 's', x: [1, 2, 3, 4], y: [1, Number.NaN, 3, 4] }]} />);
    const d = /<path d="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(d.match(/M/g)).toHaveLength(2);
    expect(d.match(/L/g)).toHaveLength(1);
  });

  it('marks the samples of a short sweep, not of a long spectrum', () => {
    const short = renderToStaticMarkup(<LineChart title="t" xLabel="x" yLabel="y" series={[{ name: 's', x: [1, 2, 3], y: [1, 2, 3] }]} />);
    expect(short.match(/<circle /g)).toHaveLength(3);
    const x = Array.from({ length: 1000 }, (_, i) => i);
    const long = renderToStaticMarkup(<LineChart title="t" xLabel="x" yLabel="y" series={[{ name: 's', x, y: x }]} />);
    expect(long).not.toContain('<circle');
  });

  it('copes with a single point and with constant data', () => {
    expect(() => renderToStaticMarkup(<LineChart title="t" xLabel="x" yLabel="y" series={[{ name: 's', x: [5], y: [2] }]} />)).not.toThrow();
    expect(renderToStaticMarkup(<LineChart title="t" xLabel="x" yLabel="y" series={[{ name: 's', x: [1, 2], y: [0, 0] }]} />)).not.toContain('NaN');
  });
});

describe('export file names', () => {
  it('are the title in lower-case words joined by hyphens', () => {
    expect(fileStem('R, T, A vs wavelength at 0°, s-polarised')).toBe('r-t-a-vs-wavelength-at-0-s-polarised');
    expect(fileStem('Mode profiles at 1550 nm')).toBe('mode-profiles-at-1550-nm');
    expect(fileStem('°°')).toBe('chart');
  });
});
