/**
 * Result → plot mappings. The mode plots run on a real slab solve; the other kinds on results laid
 * out as their solvers document (wavelengths_nm, [wavelength][angle] grids), so what is asserted is
 * the mapping: which series appear, against what, with which axis labels.
 */
import { describe, expect, it } from 'vitest';
import { literalResolver } from '../../../core/photonics/literal-resolver.ts';
import { solveMode } from '../../../core/photonics/slab/solve.ts';
import { CircuitProblemSchema } from '../../../core/photonics/circuit/problem.ts';
import { solveCircuit } from '../../../core/photonics/circuit/solve.ts';
import { ModeProblemSchema } from '../../../core/photonics/slab/problem.ts';
import { resultPlots } from './result-plots.ts';

const SIO2 = { n: 1.444, k: 0 };
const slab = (extra: object) =>
  solveMode(
    ModeProblemSchema.parse({ kind: 'mode', structure: { type: 'slab', core: { material: { n: 3.476, k: 0 }, thickness_nm: 600 }, cover: SIO2, substrate: SIO2 }, polarization: 'both', ...extra }),
    { materials: literalResolver },
  );

describe('result plots', () => {
  it('scattering: Q spectra, Qback and g against vacuum wavelength; nothing for a single wavelength', () => {
    const x = [400, 500, 600];
    const plots = resultPlots({ kind: 'scattering', wavelengths_nm: x, qext: [1, 2, 3], qsca: [1, 1, 1], qabs: [0, 1, 2], qback: [0.1, 0.2, 0.3], g: [0.1, 0.2, 0.3] });
    expect(plots.map((p) => p.id)).toEqual(['plot-efficiencies', 'plot-qback', 'plot-asymmetry']);
    expect(plots[0]?.series.map((s) => s.name)).toEqual(['Qext', 'Qsca', 'Qabs']);
    expect(plots[0]?.xLabel).toBe('vacuum wavelength (nm)');
    expect(resultPlots({ kind: 'scattering', wavelengths_nm: [500], qext: [3] })).toEqual([]);
  });

  it('layer_stack: R, T, A vs wavelength per angle, and vs angle at the first wavelength', () => {
    const R = [
      [0.1, 0.2],
      [0.3, 0.4],
    ];
    const T = R.map((r) => r.map((v) => 1 - v));
    const A = R.map((r) => r.map(() => 0));
    const plots = resultPlots({ kind: 'layer_stack', wavelengths_nm: [500, 600], angles_deg: [0, 45], polarization: 's', R, T, A });
    expect(plots.map((p) => p.id)).toEqual(['plot-rta-wavelength', 'plot-rta-angle']);
    expect(plots[0]?.series.map((s) => s.name)).toEqual(['R at 0°', 'T at 0°', 'A at 0°', 'R at 45°', 'T at 45°', 'A at 45°']);
    expect(plots[0]?.series[3]?.y).toEqual([0.2, 0.4]);
    expect(plots[1]?.series[0]).toEqual({ name: 'R', x: [0, 45], y: [0.1, 0.2] });
    expect(plots[1]?.xLabel).toContain('degrees');
    // A flat list for one angle is read as [wavelength][1].
    const flat = resultPlots({ kind: 'layer_stack', wavelengths_nm: [500, 600], angles_deg: [0], R: [0.1, 0.3], T: [0.9, 0.7], A: [0, 0] });
    expect(flat.map((p) => p.id)).toEqual(['plot-rta-wavelength']);
    expect(flat[0]?.series[0]?.y).toEqual([0.1, 0.3]);
  });

  it('mode: the profiles of every mode at the first wavelength (a real slab solve)', () => {
    const result = slab({ wavelength_nm: 1550, profile_points: 101 });
    const plots = resultPlots(result);
    expect(plots.map((p) => p.id)).toEqual(['plot-mode-profiles']);
    const names = plots[0]?.series.map((s) => s.name) ?? [];
    expect(names).toContain('TE0');
    expect(names).toContain('TM0');
    expect(names).toHaveLength(result.modes.length);
    expect(plots[0]?.series[0]?.x).toHaveLength(101);
  });

  it('mode: n_eff and n_g against wavelength for a sweep, one line per mode', () => {
    const result = slab({ wavelength_range_nm: { start: 1300, stop: 1600, count: 7 } });
    const plots = resultPlots(result);
    expect(plots.map((p) => p.id)).toEqual(['plot-neff', 'plot-ng']);
    const te0 = plots[0]?.series.find((s) => s.name === 'TE0');
    expect(te0?.x).toEqual(result.wavelengths_nm);
    expect(te0?.y.every((v) => v > SIO2.n && v < 3.476)).toBe(true);
  });

  it('circuit: port transmission linear, in dB and phase, one line per port pair (a real add-drop ring solve)', () => {
    const problem = CircuitProblemSchema.parse({
      kind: 'circuit',
      circuit: { type: 'ring_add_drop', radius_um: 10, waveguide: { n_eff: 2.4, n_g: 4.2 }, input_coupling: { power_coupling: 0.05 }, drop_coupling: { power_coupling: 0.05 } },
      wavelength_range_nm: { start: 1545, stop: 1555, count: 101 },
    });
    const result = solveCircuit(problem, { materials: literalResolver });
    const plots = resultPlots(result);
    expect(plots.map((p) => p.id)).toEqual(['plot-circuit-power', 'plot-circuit-db', 'plot-circuit-phase']);
    const names = plots[0]?.series.map((s) => s.name) ?? [];
    expect(names).toContain('in → drop');
    expect(names).toContain('in → through');
    expect(plots[0]?.yDomain).toEqual([0, 1]);
    // dB is 10·log10 of the linear power, clipped at −60 dB.
    const through = plots[0]?.series.find((s) => s.name === 'in → through');
    const throughDb = plots[1]?.series.find((s) => s.name === 'in → through');
    through?.y.forEach((v, i) => expect(throughDb?.y[i]).toBeCloseTo(Math.max(-60, 10 * Math.log10(v)), 12));
  });

  it('circuit: an unphysical splitter keeps its over-unity power in view', () => {
    const plots = resultPlots({ kind: 'circuit', wavelengths_nm: [1550, 1551], transmission: [{ from: 'in', to: 'out1', power: [1.4, 1.4], phase_rad: [0, 0] }] });
    expect(plots[0]?.yDomain).toEqual([0, 1.4]);
  });

  it('a kind without its own mapping: every same-length list is a spectrum, phases and dB apart', () => {
    const plots = resultPlots({
      kind: 'future_kind',
      wavelengths_nm: [1550, 1551, 1552],
      ports: { through: { power: [1, 0.5, 1], phase_rad: [0, 1, 2] }, drop: { power: [0, 0.5, 0] } },
      extinction_db: [0, 3, 0],
      fsr_nm: 4.2,
    });
    expect(plots.map((p) => p.id)).toEqual(['plot-spectrum-power', 'plot-spectrum-db', 'plot-spectrum-phase']);
    expect(plots[0]?.series.map((s) => s.name)).toEqual(['ports.through.power', 'ports.drop.power']);
    expect(plots[2]?.series.map((s) => s.name)).toEqual(['ports.through.phase_rad']);
  });

  it('ignores anything that is not a result object', () => {
    expect(resultPlots(null)).toEqual([]);
    expect(resultPlots([1, 2])).toEqual([]);
  });
});

describe('grating plots', () => {
  const order = (wavelength_nm: number, side: string, o: number, efficiency: number) => ({ wavelength_nm, polarization: 'TE', side, order: o, efficiency, angle_deg: 0 });
  it('plots efficiency against the order at one wavelength', () => {
    const plots = resultPlots({ kind: 'grating', points: [{ wavelength_nm: 633, polarization: 'TE', R: 0.1, T: 0.9, A: 0 }], orders: [order(633, 'reflected', 0, 0.1), order(633, 'transmitted', -1, 0.45), order(633, 'transmitted', 1, 0.45)] });
    expect(plots.map((p) => p.id)).toEqual(['plot-grating-orders']);
    expect(plots[0]?.series.map((s) => s.name)).toEqual(['TE reflected', 'TE transmitted']);
    expect(plots[0]?.series[1]?.x).toEqual([-1, 1]);
  });
  it('plots totals and each order against wavelength in a sweep, with 0 where an order is evanescent', () => {
    const points = [500, 600].map((w) => ({ wavelength_nm: w, polarization: 'TE', R: 0.1, T: 0.9, A: 0 }));
    const plots = resultPlots({ kind: 'grating', points, orders: [order(500, 'transmitted', 1, 0.3), order(500, 'transmitted', 0, 0.6), order(600, 'transmitted', 0, 0.9)] });
    expect(plots.map((p) => p.id)).toEqual(['plot-grating-totals', 'plot-grating-orders']);
    const t1 = plots[1]?.series.find((s) => s.name === 'TE T1');
    expect(t1?.y).toEqual([0.3, 0]);
  });
});
