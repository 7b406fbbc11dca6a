/** Polarizability rules: closed forms and the limits that tie them together. */
import { describe, expect, it } from 'vitest';
import { c } from '../complex.ts';
import { inversePolarizability, LDR_B1, LDR_B2 } from './polarizability.ts';

describe('inversePolarizability', () => {
  const m = c(1.5, 0.1);
  it('CM is (4π/3)(m² + 2)/(m² − 1) in units of 1/d³', () => {
    // m² = 2.24 + 0.3i; (m² + 2)/(m² − 1) = (4.24 + 0.3i)/(1.24 + 0.3i).
    const q = { re: (4.24 * 1.24 + 0.3 * 0.3) / (1.24 ** 2 + 0.09), im: (0.3 * 1.24 - 4.24 * 0.3) / (1.24 ** 2 + 0.09) };
    const inv = inversePolarizability(m, 0.5, 'cm');
    expect(inv.re).toBeCloseTo(((4 * Math.PI) / 3) * q.re, 12);
    expect(inv.im).toBeCloseTo(((4 * Math.PI) / 3) * q.im, 12);
  });

  it('RR adds exactly −(2/3)i(kd)³ to CM', () => {
    const cm = inversePolarizability(m, 0.5, 'cm');
    const rr = inversePolarizability(m, 0.5, 'rr');
    expect(rr.re).toBeCloseTo(cm.re, 14);
    expect(rr.im - cm.im).toBeCloseTo(-(2 / 3) * 0.125, 14);
  });

  it('LDR adds (b1 + m²b2)(kd)² to RR when S = 0, and all three agree as kd → 0', () => {
    const kd = 0.3;
    const rr = inversePolarizability(c(1.5), kd, 'rr');
    const ldr = inversePolarizability(c(1.5), kd, 'ldr');
    expect(ldr.re - rr.re).toBeCloseTo((LDR_B1 + 2.25 * LDR_B2) * kd * kd, 12);
    const tiny = [inversePolarizability(m, 1e-6, 'ldr'), inversePolarizability(m, 1e-6, 'cm')];
    expect(tiny[0]!.re).toBeCloseTo(tiny[1]!.re, 9);
  });
});
