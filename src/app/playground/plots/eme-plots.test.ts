import { describe, expect, it } from 'vitest';
import { emePlots } from './eme-plots.ts';

const sections = [
  { section: 0, n_eff: [1.9, 1.6], n_eff_end: null },
  { section: 1, n_eff: [1.98, 1.95, 1.9], n_eff_end: null },
];

describe('eme plots', () => {
  it('plots T per output mode, reflection and radiation against the swept length, and n_eff per section', () => {
    const plots = emePlots({
      kind: 'eme',
      sections,
      transmission: [
        { wavelength_nm: 1550, length_um: 20, output_mode: 0, T: 0.5 },
        { wavelength_nm: 1550, length_um: 20, output_mode: 1, T: 0.1 },
        { wavelength_nm: 1550, length_um: 21, output_mode: 0, T: 0.9 },
        { wavelength_nm: 1550, length_um: 21, output_mode: 1, T: 0.01 },
      ],
      totals: [
        { wavelength_nm: 1550, length_um: 20, T_guided: 0.6, R_guided: 0.01, radiated: 0.39 },
        { wavelength_nm: 1550, length_um: 21, T_guided: 0.91, R_guided: 0.01, radiated: 0.08 },
      ],
    });
    expect(plots.map((p) => p.id)).toEqual(['plot-eme-transmission', 'plot-eme-neff']);
    const t = plots[0];
    expect(t?.xLabel).toContain('length');
    expect(t?.series.map((s) => s.name)).toEqual(['T into mode 0', 'T into mode 1', 'reflected (guided)', 'radiated']);
    expect(t?.series[0]?.x).toEqual([20, 21]);
    expect(t?.series[0]?.y).toEqual([0.5, 0.9]);
    const n = plots[1];
    expect(n?.series.map((s) => s.name)).toEqual(['mode 0', 'mode 1', 'mode 2']);
    expect(n?.series[2]?.x).toEqual([1]);
  });

  it('plots T per output mode at a single point, and nothing for a result without totals', () => {
    const plots = emePlots({
      kind: 'eme',
      sections,
      transmission: [
        { wavelength_nm: 1550, length_um: null, output_mode: 0, T: 0.95 },
        { wavelength_nm: 1550, length_um: null, output_mode: 1, T: 0.02 },
      ],
      totals: [{ wavelength_nm: 1550, length_um: null, T_guided: 0.97, R_guided: 0, radiated: 0.03 }],
    });
    expect(plots[0]?.xLabel).toBe('output mode');
    expect(plots[0]?.series[0]?.y).toEqual([0.95, 0.02]);
    expect(emePlots({ kind: 'eme' })).toEqual([]);
  });
});
