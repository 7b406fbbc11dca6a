import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SolveProgressBar } from './SolveProgressBar.tsx';

describe('SolveProgressBar', () => {
  it('shows the stage and count as the label of a determinate bar', () => {
    const html = renderToStaticMarkup(<SolveProgressBar progress={{ stage: 'k-point', done: 12, total: 60 }} />);
    expect(html).toContain('<progress max="60" value="12" aria-label="k-point 12 / 60">');
    expect(html).toContain('>k-point 12 / 60</span>');
  });

  it('is indeterminate (no value) before the first event', () => {
    const html = renderToStaticMarkup(<SolveProgressBar progress={null} />);
    expect(html).toContain('<progress aria-label="solving…">');
  });
});
