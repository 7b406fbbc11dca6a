import { describe, expect, it } from 'vitest';
import { inverseDesignPlots } from './inverse-design-plots.ts';
import { resultPlots } from './result-plots.ts';

describe('inverse design plots', () => {
  it('plots the FOM history against iteration with the binarised FOM as a reference line', () => {
    const plots = inverseDesignPlots({ kind: 'inverse_design', fom: { definition: 'TE0 out', history: [0.02, 0.4, 0.9], binarised: 0.88 } });
    expect(plots.map((p) => p.id)).toEqual(['plot-inverse-design-fom']);
    expect(plots[0]?.title).toBe('FOM per iteration: TE0 out');
    expect(plots[0]?.series.map((s) => s.name)).toEqual(['FOM (continuous design)', 'binarised, re-simulated']);
    expect(plots[0]?.series[0]?.x).toEqual([1, 2, 3]);
    expect(plots[0]?.series[1]?.y).toEqual([0.88, 0.88]);
    expect(plots[0]?.yDomain).toEqual([0, 1]);
  });

  it('draws nothing without a history, and result-plots dispatches the kind here', () => {
    expect(inverseDesignPlots({ kind: 'inverse_design', fom: {} })).toEqual([]);
    expect(inverseDesignPlots({ kind: 'inverse_design' })).toEqual([]);
    expect(resultPlots({ kind: 'inverse_design', fom: { history: [0.1, 0.2] } }).map((p) => p.id)).toEqual(['plot-inverse-design-fom']);
  });
});
