/** The gallery's pure view helpers: what each side draws, and where the two setups differ. */
import { describe, expect, it } from 'vitest';
import { sidePlots } from './gallery-plots.ts';
import { setupDiff, showSetupValue } from './setup-diff.ts';

const spectrum = (start: number) => ({ kind: 'scattering', wavelengths_nm: [start, start + 10, start + 20], qext: [1, 2, 1], qsca: [1, 2, 1], qabs: [0, 0, 0] });

describe('gallery plots', () => {
  it('draws the result itself when it has a curve, ids carrying the side', () => {
    const plots = sidePlots({ problem: {}, result: spectrum(400), sweep: null }, 'naive');
    expect(plots.length).toBeGreaterThan(0);
    expect(plots.every((p) => p.id.startsWith('naive-'))).toBe(true);
  });

  it('a single point draws its sweep, with the asked wavelength marked across the y range', () => {
    const single = { kind: 'scattering', wavelengths_nm: [410], qext: [2], qsca: [2], qabs: [0] };
    const plots = sidePlots({ problem: { kind: 'scattering', wavelength_nm: 410 }, result: single, sweep: { problem: {}, result: spectrum(400) } }, 'reference');
    const efficiencies = plots.find((p) => p.id === 'reference-plot-efficiencies');
    const marker = efficiencies?.series.at(-1);
    expect(marker?.name).toBe('asked: 410 nm');
    expect(marker?.x).toEqual([410, 410]);
    expect(marker?.y).toEqual([0, 2]);
  });

  it('a link budget draws the power after each element against the sensitivity', () => {
    const result = { kind: 'circuit', link_budget: { laser_power_dbm: 3, elements: [{ loss_db: 4.5 }, { loss_db: 5 }], detector_sensitivity_dbm: -15 } };
    const [plot] = sidePlots({ problem: {}, result, sweep: null }, 'naive');
    expect(plot?.id).toBe('naive-plot-link-budget');
    expect(plot?.series[0]?.y).toEqual([3, -1.5, -6.5]);
    expect(plot?.series[1]?.y).toEqual([-15, -15, -15]);
  });

  it('a side that solves nothing draws nothing', () => {
    expect(sidePlots({ problem: null, result: null, sweep: null }, 'reference')).toEqual([]);
  });
});

describe('setup differences', () => {
  it('lists each leaf that differs, by path', () => {
    const naive = { kind: 'mode', structure: { core: { thickness_nm: 600 } }, layers: [{ n: 1 }, { n: 2 }], wavelength_nm: 230 };
    const reference = { kind: 'mode', structure: { core: { thickness_nm: 600 } }, layers: [{ n: 1 }, { n: 3 }], wavelength_nm: 1303.45, coherent: false };
    expect(setupDiff(naive, reference)).toEqual([
      { path: 'layers[1].n', naive: 2, reference: 3 },
      { path: 'wavelength_nm', naive: 230, reference: 1303.45 },
      { path: 'coherent', naive: undefined, reference: false },
    ]);
    expect(setupDiff(naive, naive)).toEqual([]);
  });

  it('a declining side is one difference at the root', () => {
    expect(setupDiff({ kind: 'circuit' }, null)).toEqual([{ path: '', naive: { kind: 'circuit' }, reference: null }]);
    expect(showSetupValue(null, true)).toMatch(/^declines/);
    expect(showSetupValue(undefined, false)).toBe('absent');
    expect(showSetupValue({ n: 2 }, false)).toBe('{"n":2}');
    expect(showSetupValue({ kind: 'circuit' }, true)).toMatch(/^solves the problem/);
  });
});
