// How artifacts become tables and plots, on the shapes the ring task's reference workflow writes
// (tasks/ring-fsr.ts: resonances keyed by radius, fsr with a formula column, convergence as JSON
// objects) and on shapes an agent might write instead.
import { describe, expect, it } from 'vitest';
import { artifactPlot, artifactTable } from './artifact-data.ts';

describe('artifactTable / artifactPlot', () => {
  it('a table with a unique first column: x is that column, every other numeric column a series, sorted by x', () => {
    const t = artifactTable('table', { columns: ['radius_um', 'fsr_nm', 'formula_nm'], rows: [[20, 4.5, 4.55], [10, 9.1, 9.1], [40, 2.27, 2.28]] })!;
    expect(t.rows).toHaveLength(3);
    const p = artifactPlot(t)!;
    expect(p.xLabel).toBe('radius_um');
    expect(p.series.map((s) => s.name)).toEqual(['fsr_nm', 'formula_nm']);
    expect(p.series[0]!.x).toEqual([10, 20, 40]);
    expect(p.series[0]!.y).toEqual([9.1, 4.5, 2.27]);
  });

  it('a repeated first column is a key: one series per key value, over the row within it', () => {
    const p = artifactPlot(artifactTable('table', { columns: ['radius_um', 'resonance_nm'], rows: [[10, 1541], [10, 1550], [20, 1542], [20, 1546.5], [20, 1551]] })!)!;
    expect(p.series.map((s) => s.name)).toEqual(['radius_um = 10', 'radius_um = 20']);
    expect(p.series[1]).toEqual({ name: 'radius_um = 20', x: [0, 1, 2], y: [1542, 1546.5, 1551] });
  });

  it('JSON arrays of objects or numbers are tables; null (a NaN written to JSON) is a gap, not a point', () => {
    const t = artifactTable('json', [{ resolution: 2500, value: 9.1 }, { resolution: 5000, value: null }, { resolution: 10000, value: 9.12 }])!;
    expect(t.columns).toEqual(['resolution', 'value']);
    const p = artifactPlot(t)!;
    expect(p.series[0]!.y[1]).toBeNaN();
    expect(artifactPlot(artifactTable('json', [1, 2, 3])!)!.series[0]!.y).toEqual([1, 2, 3]);
  });

  it('non-tabular JSON and non-numeric tables are not plotted', () => {
    expect(artifactTable('json', { note: 'text' })).toBeNull();
    expect(artifactTable('json', [1, 'a'])).toBeNull();
    expect(artifactTable('table', { columns: 'x' })).toBeNull();
    expect(artifactPlot(artifactTable('table', { columns: ['a'], rows: [['x'], ['y']] })!)).toBeNull();
    expect(artifactPlot(artifactTable('table', { columns: ['a', 'b'], rows: [[1, 2]] })!)).toBeNull();
  });
});
