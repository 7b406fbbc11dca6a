/**
 * The circuit oracle against hand calculations. Each expected value is worked out by hand from the
 * textbook formula named in the test (references in data/circuit/README.md), not from the code.
 */
import { describe, expect, it } from 'vitest';
import { assertDocumented } from '../photonics/docs-text.ts';
import { CircuitInputError, evaluateCircuit, parseCircuitRequest, type CircuitRequestInput } from './oracle.ts';

const run = (raw: CircuitRequestInput) => evaluateCircuit(parseCircuitRequest(raw));
const ctx = (c: Partial<CircuitRequestInput['context']>) => ({ vin_v: 5, target_value: 1000, ...c });

describe('rc_lowpass', () => {
  it('fc = 1/(2πRC): R = 10 kΩ, C = 15.9155 nF → 1000.0 Hz; I = Vin/R = 0.5 mA; P = Vin²/R = 2.5 mW', () => {
    // 1/(2π · 1e4 Ω · 15.9155e-9 F) = 1/(1.000000e-3 s) ≈ 1000.0 Hz
    const r = run({ family: 'rc_lowpass', design: { r_ohm: 10000, c_nf: 15.9155 }, context: ctx({}) });
    expect(r.target_value).toBeCloseTo(1000.0, 1);
    expect(r.target_error_pct).toBeLessThan(0.001);
    expect(r.source_current_ma).toBeCloseTo(0.5, 12); // 5 V / 10 kΩ
    expect(r.power_mw).toBeCloseTo(2.5, 12); // 25 V² / 10 kΩ
    expect(r.bandwidth_hz).toBe(r.target_value); // a first-order low-pass passes DC..fc
    expect(r.q_factor).toBe(0);
  });

  it('the N.8 walkthrough: R = 5 kΩ with 100 nF gives 318 Hz (docs/suites/circuit-audit.md quotes it; the paper printed 3.18 kHz)', () => {
    // 1/(2π · 5e3 Ω · 1e-7 F) = 318.31 Hz
    const r = run({ family: 'rc_lowpass', design: { r_ohm: 5000, c_nf: 100 }, context: ctx({}) });
    assertDocumented(`R = 5 kΩ with 100 nF gives ${r.target_value.toFixed(0)} Hz, not 3.18 kHz`);
  });

  it('stray shift Cs/(C+Cs): Cs = 200 pF on C = 9.8 nF → 2 % exactly at the N.8 limit', () => {
    // 0.2 nF / (9.8 + 0.2) nF = 0.02
    const r = run({ family: 'rc_lowpass', design: { r_ohm: 16240, c_nf: 9.8 }, context: ctx({ stray_pf: 200 }) });
    expect(r.tolerance_shift_pct).toBeCloseTo(2, 12);
  });
});

describe('rl_lowpass', () => {
  it('fc = R/(2πL): R = 1 kΩ, L = 10 mH → 15915.49 Hz; winding shift (2πfc)²·L·Cw = 100·R²·Cw/L', () => {
    // 1000 / (2π · 0.01) = 15915.494 Hz; shift = (1e3)² · 10e-12 / 0.01 = 1e-3 → 0.1 %
    const r = run({ family: 'rl_lowpass', design: { r_ohm: 1000, l_mh: 10 }, context: ctx({ vin_v: 12, target_value: 15915.494, winding_pf: 10 }) });
    expect(r.target_value).toBeCloseTo(15915.494, 2);
    expect(r.tolerance_shift_pct).toBeCloseTo(0.1, 10);
    expect(r.source_current_ma).toBeCloseTo(12, 12); // 12 V / 1 kΩ
    expect(r.power_mw).toBeCloseTo(144, 10); // 144 V² / 1 kΩ
  });
});

describe('rlc_bandpass', () => {
  it('f0 = 1/(2π√(LC)), Q = (1/R)√(L/C), BW = f0/Q: R = 100 Ω, L = 10 mH, C = 100 nF', () => {
    // √(LC) = √(1e-9) = 3.16228e-5 s → f0 = 5032.92 Hz; √(L/C) = √(1e5) = 316.228 Ω → Q = 3.16228; BW = 1591.55 Hz (= R/(2πL))
    const r = run({ family: 'rlc_bandpass', design: { r_ohm: 100, l_mh: 10, c_nf: 100 }, context: ctx({ vin_v: 2, target_value: 5000 }) });
    expect(r.target_value).toBeCloseTo(5032.92, 2);
    expect(r.q_factor).toBeCloseTo(3.16228, 5);
    expect(r.bandwidth_hz).toBeCloseTo(1591.55, 2);
    expect(r.target_error_pct).toBeCloseTo(0.6584, 3); // (5032.92 − 5000)/5000
    expect(r.source_current_ma).toBeCloseTo(20, 12); // at resonance the source sees R: 2 V / 100 Ω
    expect(r.power_mw).toBeCloseTo(40, 12); // 4 V² / 100 Ω
  });

  it('stray shift 1 − √(C/(C+Cs)): Cs = 1 nF on C = 99 nF → 1 − √0.99 = 0.50126 %', () => {
    const r = run({ family: 'rlc_bandpass', design: { r_ohm: 100, l_mh: 10, c_nf: 99 }, context: ctx({ stray_pf: 1000 }) });
    expect(r.tolerance_shift_pct).toBeCloseTo(0.501256, 5);
  });
});

describe('divider', () => {
  it('Vout = Vin·R2/(R1+R2); I = Vin/(R1+R2); P = Vin²/(R1+R2)', () => {
    // 12 V · 10k/(20k+10k) = 4 V; 12 V / 30 kΩ = 0.4 mA; 144/30k W = 4.8 mW
    const r = run({ family: 'divider', design: { r1_ohm: 20000, r2_ohm: 10000 }, context: ctx({ vin_v: 12, target_value: 4 }) });
    expect(r.target_value).toBeCloseTo(4, 12);
    expect(r.target_error_pct).toBeCloseTo(0, 12);
    expect(r.source_current_ma).toBeCloseTo(0.4, 12);
    expect(r.power_mw).toBeCloseTo(4.8, 12);
    expect(r.tolerance_shift_pct).toBe(0); // unloaded
  });

  it('loading shift 1 − Vloaded/Vout with the load across R2 (Thévenin: 4 V behind 6.667 kΩ into 90 kΩ)', () => {
    // R2 ∥ 90k = 9 kΩ → Vloaded = 12 · 9/(20+9) = 3.72414 V → shift = 1 − 3.72414/4 = 6.8966 %
    const r = run({ family: 'divider', design: { r1_ohm: 20000, r2_ohm: 10000 }, context: ctx({ vin_v: 12, target_value: 4, load_ohm: 90000 }) });
    expect(r.tolerance_shift_pct).toBeCloseTo(6.896552, 5);
  });
});

describe('limits and slacks', () => {
  it('slack = limit − value (min_q: Q − limit), null when not enforced; feasible only when every slack ≥ 0', () => {
    const base = { family: 'rlc_bandpass', design: { r_ohm: 100, l_mh: 10, c_nf: 100 }, context: ctx({ vin_v: 2, target_value: 5000 }) } as const;
    const ok = run({ ...base, constraints: [{ name: 'max_target_error_pct', limit: 1 }, { name: 'min_q', limit: 3 }] });
    expect(ok.slacks.max_target_error_pct).toBeCloseTo(1 - 0.6584, 3);
    expect(ok.slacks.min_q).toBeCloseTo(0.16228, 5);
    expect(ok.slacks.max_source_current_ma).toBeNull();
    expect(ok.feasible).toBe(true);
    const bad = run({ ...base, constraints: { max_source_current_ma: 19.9 } });
    expect(bad.slacks.max_source_current_ma).toBeCloseTo(-0.1, 10);
    expect(bad.feasible).toBe(false);
  });
});

describe('parseCircuitRequest', () => {
  it('names every problem: wrong design keys for the family, bad numbers, unknown family', () => {
    expect(() => parseCircuitRequest({ family: 'rc_lowpass', design: { r_ohm: 1000, l_mh: 2 }, context: ctx({}) })).toThrow(
      /design\.c_nf is required for rc_lowpass; design\.l_mh is not a rc_lowpass variable/,
    );
    expect(() => parseCircuitRequest({ family: 'divider', design: { r1_ohm: -1, r2_ohm: 1 }, context: ctx({}) })).toThrow(/design value must be > 0/);
    expect(() => parseCircuitRequest({ family: 'pi_filter', design: {}, context: ctx({}) })).toThrow(CircuitInputError);
    expect(() => parseCircuitRequest({ family: 'rc_lowpass', design: { r_ohm: 1, c_nf: 1 }, context: { target_value: 1 } })).toThrow(/vin_v is required/);
  });
});
