import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Histogram } from './Histogram.tsx';
import { fitLabel, IntervalBarChart } from './IntervalBarChart.tsx';
import { RadarChart } from './RadarChart.tsx';
import { createRng } from '../../core/stats/rng.ts';

// Seeded data, so the SVG snapshots are deterministic.
const rng = createRng(2026);
const scores = Array.from({ length: 40 }, () => rng.next());

describe('statistics charts (exportable SVG)', () => {
  it('IntervalBarChart draws bars, whiskers, axis label and title with attributes only', () => {
    const html = renderToStaticMarkup(
      <IntervalBarChart
        title="P3 leaderboard"
        xLabel="P3-Success (fraction of tasks)"
        domain={[0, 1]}
        groups={[
          { label: 'reference', bars: [{ series: 'reference', value: 1, low: 0.9, high: 1 }] },
          { label: 'always-propose', bars: [{ series: 'always-propose', value: 0.25, low: 0.1, high: 0.5 }] },
        ]}
      />,
    );
    expect(html).toContain('<title>P3 leaderboard</title>');
    expect(html).toContain('P3-Success (fraction of tasks)');
    expect(html.match(/<rect /g)).toHaveLength(3);
    expect(html).not.toContain('class=');
    expect(html).toMatchSnapshot();
  });

  it('RadarChart draws rings, axes and a named outline per run', () => {
    const html = renderToStaticMarkup(
      <RadarChart
        title="Stage profiles"
        axes={['P1', 'P2', 'P3', 'P4']}
        series={[
          { name: 'reference', values: [1, 1, 1, 1] },
          { name: 'random', values: [0.2, null, 0.1, 0.5] },
        ]}
      />,
    );
    expect(html.match(/<polygon /g)).toHaveLength(4 + 2);
    expect(html).toContain('random (no data: P2)');
    expect(html).not.toContain('class=');
    expect(html).toMatchSnapshot();
  });

  it('Histogram labels both axes with units', () => {
    const html = renderToStaticMarkup(<Histogram title="P2 scores" xLabel="F·P/P_BKF (power ratio)" series={[{ name: 'run', values: scores }]} domain={[0, 1]} />);
    expect(html).toContain('F·P/P_BKF (power ratio)');
    expect(html).toContain('tasks (count)');
    expect(html).not.toContain('NaN');
    expect(html).toMatchSnapshot();
  });
});

describe('fitLabel', () => {
  it('keeps short labels and shortens long ones to 26 characters with an ellipsis', () => {
    expect(fitLabel('1. reference')).toBe('1. reference');
    const long = fitLabel('2. OpenRouter anthropic/claude-opus-4.5-preview');
    expect(long).toHaveLength(26);
    expect(long.endsWith('…')).toBe(true);
  });
});
