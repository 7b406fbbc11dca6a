/**
 * Passivity: a splitter's S†S has the eigenvalue Σ p_k, so outputs summing above 100 % are
 * unphysical and must be flagged in words (the benchmark's "lossless 1×2 splitter with 70 % in each
 * arm" pushback task); physical splitters and lossy ones pass.
 */
import { describe, expect, it } from 'vitest';
import { c } from '../complex.ts';
import { checkPassivity } from './passivity.ts';
import { reciprocal } from './smatrix.ts';
import { solve, spectrum } from './test-helpers.ts';

const splitter = (fractions: number[]) =>
  solve({ circuit: { type: 'splitter', outputs: fractions.map((power_fraction) => ({ power_fraction })) }, wavelength_nm: 1550 });

describe('passivity check', () => {
  it('a "lossless" 1×2 splitter with 70 % in each arm is flagged: 140 % of the input', () => {
    const r = splitter([0.7, 0.7]);
    expect(r.passivity).toHaveLength(1);
    expect(r.passivity[0]!.passive).toBe(false);
    expect(r.passivity[0]!.max_power_gain).toBeCloseTo(1.4, 12);
    expect(r.warnings.join(' ')).toContain('passivity violated by the splitter: its outputs carry 140 % of the input; a passive splitter cannot exceed 100 %');
    expect(r.figures.total_output_fraction).toBeCloseTo(1.4, 14);
  });

  it('50/50 is passive and lossless; 60/30 is passive with 0.458 dB excess loss', () => {
    const even = splitter([0.5, 0.5]);
    expect(even.passivity[0]!.passive).toBe(true);
    expect(even.warnings).toEqual([]);
    expect(spectrum(even, 'in', 'out1').power[0]! + spectrum(even, 'in', 'out2').power[0]!).toBeCloseTo(1, 14);
    const lossy = splitter([0.6, 0.3]);
    expect(lossy.passivity[0]!.passive).toBe(true);
    expect(lossy.figures.excess_loss_db).toBeCloseTo(-10 * Math.log10(0.9), 12); // 0.4576 dB
  });

  it('1×4 at 25 % each is passive; at 26 % each it is flagged (104 %)', () => {
    expect(splitter([0.25, 0.25, 0.25, 0.25]).passivity[0]!.passive).toBe(true);
    expect(splitter([0.26, 0.26, 0.26, 0.26]).warnings.join(' ')).toContain('104 %');
  });

  it('an unphysical splitter inside a netlist is flagged by its instance name', () => {
    const r = solve({
      circuit: {
        type: 'netlist',
        instances: {
          y1: { type: 'splitter', outputs: [{ power_fraction: 0.7 }, { power_fraction: 0.7 }] },
          arm: { type: 'straight', length_um: 10, waveguide: { n_eff: 2.4, n_g: 4.2 } },
        },
        connections: [['y1.out1', 'arm.in']],
        ports: { in: 'y1.in', a: 'arm.out', b: 'y1.out2' },
      },
      wavelength_nm: 1550,
    });
    expect(r.passivity.find((p) => p.component === 'y1')?.passive).toBe(false);
    expect(r.passivity.find((p) => p.component === 'arm')?.passive).toBe(true);
    expect(r.warnings.join(' ')).toMatch(/passivity violated by splitter "y1"/);
  });

  it('any S-matrix with a singular value above 1 is flagged with its largest S†S eigenvalue', () => {
    // S = [[0.6i, 0.9], [0.9, 0.6i]]: orthogonal columns of power 0.36 + 0.81, so S†S = 1.17·I.
    const s = reciprocal(['a', 'b'], [['a', 'b', c(0.9)], ['a', 'a', c(0, 0.6)], ['b', 'b', c(0, 0.6)]]);
    const { report, warning } = checkPassivity('x1', 'coupler', s, true);
    expect(report.max_power_gain).toBeCloseTo(1.17, 14);
    expect(report.passive).toBe(false);
    expect(warning).toMatch(/passivity violated by coupler "x1": the largest eigenvalue of S†S is .*a passive component cannot exceed 100 %/);
  });
});
