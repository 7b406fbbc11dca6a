import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { makeTable, numberColumn, textColumn } from '../../core/analyses/table.ts';
import { AnalysisPlot } from './AnalysisPlots.tsx';
import { AnalysisTableView } from './AnalysisTableView.tsx';

const table = makeTable({
  id: 'paired-delta',
  title: 'Paired deltas: X − Y',
  columns: [textColumn('probe', 'Probe'), textColumn('metric', 'Metric'), numberColumn('delta', 'Δ'), numberColumn('ci_low', 'low'), numberColumn('ci_high', 'high')],
  rows: [{ cells: { probe: 'P3', metric: 'P3-Success', delta: 0.25, ci_low: 0.0625, ci_high: null }, provenance: { run_ids: ['run~2'], task_ids: ['veh-p3-dev-000'] } }],
  notes: ['Δ = A − B <b>not html</b>'],
});

describe('AnalysisTableView', () => {
  it('renders formatted numbers, notes as text, and sources linking to the run and the task', () => {
    const html = renderToStaticMarkup(<AnalysisTableView table={table} />);
    expect(html).toContain('<td class="num" title="0.25">0.250</td>');
    expect(html).toContain('<td class="num">—</td>');
    expect(html).toContain('href="#/runs/run~2"');
    expect(html).toContain('href="#/suite/veh/task/veh-p3-dev-000"');
    expect(html).toContain('&lt;b&gt;not html&lt;/b&gt;');
    expect(html).toContain('data-testid="analysis-paired-delta-csv"');
  });

  it('draws the paired deltas as an interval plot with Save SVG / PNG', () => {
    const html = renderToStaticMarkup(<AnalysisPlot table={table} />);
    expect(html).toContain('data-testid="delta-forest"');
    expect(html).toContain('P3 P3-Success');
    expect(html).toContain('Save SVG');
  });
});
