/**
 * Physics checks of the VEH oracle (paper Appendix B, A-1..A-22), independent of its code: one
 * design worked by hand, then limiting cases whose answers follow from the model's equations
 * alone. The oracle runs through its public path (zod request → pack → reference backend); the
 * parity suite carries every conclusion here over to the WASM backend.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { referenceVehBackend } from '../kernels/reference-veh-backend.ts';
import { createDirectVehOracle } from './direct-oracle.ts';
import { PIEZO_IDS } from './materials.ts';
import { assertDocumented, boundText } from '../photonics/docs-text.ts';
import { IN, INPUT_STRIDE, OUT, OUTPUT_STRIDE } from './oracle-layout.ts';
import { OracleInputError, parseOracleRequest, packRequest, type OracleRequestInput, type OracleResult } from './oracle.ts';

const oracle = createDirectVehOracle(referenceVehBackend);
const run = (raw: OracleRequestInput): OracleResult => oracle.evaluateSync(parseOracleRequest(raw));

/** |actual − expected| ≤ tol·|expected|, with both numbers in the failure message. */
function expectRel(actual: number, expected: number, tol: number): void {
  const err = Math.abs(actual - expected) / Math.abs(expected);
  expect(err, `${actual} vs ${expected} (relative error ${err})`).toBeLessThanOrEqual(tol);
}

/** Root of f in [lo, hi] (f(lo), f(hi) of opposite sign) to machine precision. */
function bisect(f: (x: number) => number, lo: number, hi: number): number {
  let a = lo;
  let b = hi;
  for (let i = 0; i < 200 && b - a > 1e-15; i++) {
    const m = (a + b) / 2;
    if (Math.sign(f(m)) === Math.sign(f(a))) a = m;
    else b = m;
  }
  return (a + b) / 2;
}

// The worked design: PZT-5A (d31 −171 pm/V, ε33,r 1700, Ep 61 GPa, ρp 7750) on aluminium
// (Es 70 GPa, ρs 2700), ζ = 0.01 — the material table of src/core/veh/materials.ts.
const HAND_DESIGN = {
  design: { beam_length_mm: 40, beam_width_mm: 10, substrate_thickness_um: 200, piezo_thickness_um: 100, tip_mass_g: 2, load_resistance_ohm: 50_000 },
  excitation: { frequency_hz: 30, acceleration_g: 0.5 },
  environment: { piezo_material: 'PZT-5A', substrate_material: 'aluminum', damping_ratio: 0.01 },
} satisfies OracleRequestInput;

describe('hand calculation: 40 × 10 mm, 200 µm Al + 100 µm PZT-5A, 2 g, 50 kΩ, 30 Hz, 0.5 g', () => {
  const r = run(HAND_DESIGN);

  // SI inputs
  const L = 0.04, b = 0.01, hs = 200e-6, hp = 100e-6, mt = 0.002, R = 50_000;
  const a = 0.5 * 9.80665; // 4.903325 m/s²
  const Es = 70e9, rhoS = 2700, Ep = 61e9, rhoP = 7750, d31 = -171e-12, epsR = 1700, zeta = 0.01;
  const w = 2 * Math.PI * 30; // 188.4956 rad/s

  it('neutral axis (A-3, A-4)', () => {
    // As = b·hs = 2e-6 m², Ap = b·hp = 1e-6 m²; ys = hs/2 = 100 µm, yp = hs + hp/2 = 250 µm.
    // Es·As·ys = 70e9·2e-6·1e-4 = 14 N·m;  Ep·Ap·yp = 61e9·1e-6·2.5e-4 = 15.25 N·m
    // Es·As + Ep·Ap = 140 000 + 61 000 = 201 000 N
    // ȳ = 29.25 / 201 000 = 1.455 223 9e-4 m (145.52 µm from the substrate bottom)
    expectRel(r.neutral_axis_m, 29.25 / 201_000, 1e-14);
  });

  it('bending stiffness (A-5, A-6)', () => {
    // Is = b·hs³/12 + As(ys − ȳ)² = 6.6667e-15 + 2e-6·(−45.522 µm)² = 6.6667e-15 + 4.1446e-15 = 1.08112e-14 m⁴
    // Ip = b·hp³/12 + Ap(yp − ȳ)² = 8.3333e-16 + 1e-6·(104.478 µm)²  = 8.3333e-16 + 1.09156e-14 = 1.17489e-14 m⁴
    // EI = 70e9·1.08112e-14 + 61e9·1.17489e-14 = 7.5679e-4 + 7.1668e-4 = 1.47347e-3 N·m²
    expectRel(r.bending_stiffness_nm2, 1.47347e-3, 1e-5);
    const ybar = 29.25 / 201_000;
    const Is = (b * hs ** 3) / 12 + b * hs * (hs / 2 - ybar) ** 2;
    const Ip = (b * hp ** 3) / 12 + b * hp * (hs + hp / 2 - ybar) ** 2;
    expectRel(r.bending_stiffness_nm2, Es * Is + Ep * Ip, 1e-12);
  });

  it('effective mass and resonance (A-7..A-10)', () => {
    // mb = (ρs·hs + ρp·hp)·b·L = (0.54 + 0.775)·0.01·0.04 = 5.26e-4 kg
    // meff = 0.2357·5.26e-4 + 0.002 = 1.2398e-4 + 0.002 = 2.123978e-3 kg
    // ωr = √(3EI / (meff L³)) = √(3·1.47347e-3 / (2.123978e-3·6.4e-5)) = √32 518.6 = 180.329 rad/s
    // fr = 180.329 / 2π = 28.7003 Hz;  ηf = 100·|28.7003 − 30| / 30 = 4.3323 %
    expectRel(r.effective_mass_kg, 0.2357 * 5.26e-4 + 0.002, 1e-14);
    expectRel(r.resonant_freq_hz, 28.7003, 1e-5);
    expectRel(r.freq_error_pct, 4.3323, 1e-4);
    const meff = 0.2357 * (rhoS * hs + rhoP * hp) * b * L + mt;
    const fr = Math.sqrt((3 * r.bending_stiffness_nm2) / (meff * L ** 3)) / (2 * Math.PI);
    expectRel(r.resonant_freq_hz, fr, 1e-12);
  });

  it('coupling and capacitance (A-11..A-13)', () => {
    // e31 = d31·Ep = −171e-12·61e9 = −10.431 C/m²
    // θ = −e31·b·(yp − ȳ)·γ1/L = 10.431·0.01·1.044776e-4·1.3765/0.04 = 3.75029e-4 N/V
    // Cp = ε0·ε33,r·b·L/hp = 8.854187817e-12·1700·0.01·0.04/1e-4 = 6.02085e-8 F (60.2 nF)
    expectRel(r.coupling_coefficient, 3.75029e-4, 1e-5);
    expectRel(r.internal_capacitance_f, 6.02085e-8, 1e-5);
    expectRel(r.coupling_coefficient, (-(d31 * Ep) * b * (hs + hp / 2 - 29.25 / 201_000) * 1.3765) / L, 1e-12);
    expectRel(r.internal_capacitance_f, (8.854187817e-12 * epsR * b * L) / hp, 1e-14);
  });

  it('harmonic response, voltage, power and stress (A-14..A-20), with complex arithmetic written out', () => {
    // x = ωRCp = 188.4956·5e4·6.02085e-8 = 0.567452
    // Ze = R/(1 + jx) = R(1 − jx)/(1 + x²) = 37 821.4 − 21 461.8j Ω, |Ze| = 43 486.5 Ω
    // D = meff(ωr² − ω²) + j·2ζ·meff·ωr·ω + jωθ²Ze
    //   = −6.39726 + 1.44393j + (0.568982 + 1.002698j) = −5.82827 + 2.44663j N/m, |D| = 6.32098
    // W = meff·a/|D| = 2.123978e-3·4.903325/6.32098 = 1.647618e-3 m (1.6476 mm)
    // V = |θ|·ω·|Ze|·W = 3.75029e-4·188.4956·43 486.5·1.647618e-3 = 5.06497 V (peak)
    // P = V²/(2R) = 25.6539/1e5 = 2.56539e-4 W = 256.539 µW
    // σ = Es·ȳ·3W/L² = 70e9·1.455224e-4·3·1.647618e-3/1.6e-3 = 31.4692 MPa
    // Cross-check with Python's native complex type (cmath, written independently of this code):
    // W 1.6476175037 mm, P 256.53935686 µW, σ 31.469186929 MPa, f_r 28.700298623 Hz.
    // The cmath values as printed (11 significant digits): docs/suites/veh.md quotes the agreement.
    const cmath = [[r.tip_disp_mm, 1.6476175037], [r.load_power_uw, 256.53935686], [r.tip_stress_mpa, 31.469186929], [r.resonant_freq_hz, 28.700298623]] as const;
    const worstCmath = Math.max(...cmath.map(([ours, peer]) => Math.abs(ours / peer - 1)));
    expect(worstCmath).toBeLessThan(5e-11);
    assertDocumented(`(agreement to the 11 significant digits it prints, ${boundText(worstCmath)})`);
    expectRel(r.tip_disp_mm, 1.647618, 1e-6);
    expectRel(r.load_voltage_v, 5.06497, 1e-5);
    expectRel(r.load_power_uw, 256.539, 1e-5);
    expectRel(r.tip_stress_mpa, 31.4692, 1e-5);

    const meff = r.effective_mass_kg;
    const wr = 2 * Math.PI * r.resonant_freq_hz;
    const theta = r.coupling_coefficient;
    const x = w * R * r.internal_capacitance_f;
    const ze = { re: R / (1 + x * x), im: (-R * x) / (1 + x * x) };
    // jωθ²·Ze = ωθ²·(j·re − im)
    const D = { re: meff * (wr * wr - w * w) - w * theta * theta * ze.im, im: 2 * zeta * meff * wr * w + w * theta * theta * ze.re };
    const W = (meff * a) / Math.hypot(D.re, D.im);
    const V = Math.abs(theta) * w * Math.hypot(ze.re, ze.im) * W;
    expectRel(r.tip_disp_mm, W * 1e3, 1e-12);
    expectRel(r.load_voltage_v, V, 1e-12);
    expectRel(r.load_power_uw, ((V * V) / (2 * R)) * 1e6, 1e-12);
    expectRel(r.tip_stress_mpa, (Es * r.neutral_axis_m * 3 * W) / (L * L) * 1e-6, 1e-12);
  });

  it('slacks and feasibility against the default limits 50 MPa, 5 mm, 5 %, 1 µW (A-21, A-22)', () => {
    // sσ = 50 − 31.4692 = 18.5308, sW = 5 − 1.6476 = 3.3524, sf = 5 − 4.3323 = 0.6677, sP = 256.539 − 1 = 255.539
    expectRel(r.slack_stress_mpa, 18.5308, 1e-5);
    expectRel(r.slack_disp_mm, 3.35238, 1e-5);
    expectRel(r.slack_freq_pct, 0.667662, 1e-5);
    expectRel(r.slack_power_uw, 255.539, 1e-5);
    expect(r.feasible).toBe(true);
    // Tighten the frequency window below ηf = 4.33 %: only that slack turns negative.
    const tight = run({ ...HAND_DESIGN, constraints: { max_freq_error_pct: 4 } });
    expect(tight.feasible).toBe(false);
    expectRel(tight.slack_freq_pct, 4 - 4.33234, 1e-4);
  });
});

const withDesign = (patch: Partial<typeof HAND_DESIGN.design>, rest: Partial<OracleRequestInput> = {}): OracleRequestInput => ({
  ...HAND_DESIGN,
  ...rest,
  design: { ...HAND_DESIGN.design, ...patch },
});

describe('limiting cases', () => {
  const matched = run(HAND_DESIGN);

  it('open circuit (R = 1e15 Ω): P → 0 and V → |θ|·W/Cp', () => {
    // |Ze| = R/√(1 + (ωRCp)²) → 1/(ωCp) as R → ∞, so V = |θ|ω|Ze|W → |θ|W/Cp, and P = V²/2R → 0.
    const r = run(withDesign({ load_resistance_ohm: 1e15 }));
    expectRel(r.load_voltage_v, (Math.abs(r.coupling_coefficient) * (r.tip_disp_mm * 1e-3)) / r.internal_capacitance_f, 1e-12);
    expect(r.load_power_uw / matched.load_power_uw).toBeLessThan(1e-9);
  });

  it('short circuit (R = 1e-9 Ω): P → 0', () => {
    const r = run(withDesign({ load_resistance_ohm: 1e-9 }));
    expect(r.load_power_uw / matched.load_power_uw).toBeLessThan(1e-9);
    expect(r.load_voltage_v).toBeLessThan(1e-9);
  });

  it('single-material limit: ȳ = h/2 and EI = E·b·h³/12 with h = hs + hp', () => {
    // No material pair in the table is identical, so pack a request and give both layers PZT-5A's E and ρ.
    const req = parseOracleRequest(HAND_DESIGN);
    const input = new Float64Array(INPUT_STRIDE);
    packRequest(req, input, 0);
    input[IN.substrateModulusPa] = input[IN.piezoModulusPa] as number;
    input[IN.substrateDensity] = input[IN.piezoDensity] as number;
    const out = new Float64Array(OUTPUT_STRIDE);
    referenceVehBackend.evaluateBatch(input, 1, out);
    const h = 300e-6;
    const E = 61e9;
    expectRel(out[OUT.neutralAxisM] as number, h / 2, 1e-14);
    expectRel(out[OUT.bendingStiffnessNm2] as number, (E * 0.01 * h ** 3) / 12, 1e-12);
  });

  it('no tip mass: fr = (1/2π)√(3EI/(0.2357·mb·L³)), within 1.5 % of the exact Euler–Bernoulli first mode', () => {
    const r = run(withDesign({ tip_mass_g: 0 }));
    const L = 0.04;
    const mb = (2700 * 200e-6 + 7750 * 100e-6) * 0.01 * L;
    const fr = Math.sqrt((3 * r.bending_stiffness_nm2) / (0.2357 * mb * L ** 3)) / (2 * Math.PI);
    expectRel(r.resonant_freq_hz, fr, 1e-12);
    // Exact clamped-free first mode: fr = (β1L)²/(2π)·√(EI/(m′L⁴)), β1L the first root of the
    // characteristic equation 1 + cos x·cosh x = 0 (found here by bisection: 1.875104).
    // 0.2357 ≈ 33/140 is Rayleigh's lumped factor; √(3/0.2357)/1.875104² = 1.0147, so it reads 1.47 % high.
    const beta = bisect((x) => 1 + Math.cos(x) * Math.cosh(x), 1.5, 2.5);
    expect(beta).toBeCloseTo(1.875104, 6);
    const exact = ((beta ** 2) / (2 * Math.PI)) * Math.sqrt(r.bending_stiffness_nm2 / ((mb / L) * L ** 4));
    expect(r.resonant_freq_hz / exact).toBeGreaterThan(1.01);
    expect(r.resonant_freq_hz / exact).toBeLessThan(1.02);
  });

  it('tip mass: fr ∝ 1/√meff, and meff grows by exactly the added mass', () => {
    const light = run(withDesign({ tip_mass_g: 0.5 }));
    const heavy = run(withDesign({ tip_mass_g: 8 }));
    expectRel(heavy.effective_mass_kg - light.effective_mass_kg, 0.0075, 1e-12);
    expectRel(light.resonant_freq_hz / heavy.resonant_freq_hz, Math.sqrt(heavy.effective_mass_kg / light.effective_mass_kg), 1e-12);
    expectRel(light.bending_stiffness_nm2, heavy.bending_stiffness_nm2, 0);
  });

  it('damping: at ω = ωr with R → 0, W = a/(2ζωr²), so doubling ζ halves W', () => {
    // With ω = ωr the real part of D vanishes and the short-circuited load adds nothing:
    // |D| = 2ζ·meff·ωr², hence W = meff·a/|D| = a/(2ζωr²), independent of meff.
    const fr = matched.resonant_freq_hz;
    const atResonance = (zeta: number): OracleResult =>
      run(
        withDesign(
          { load_resistance_ohm: 1e-9 },
          { excitation: { frequency_hz: fr, acceleration_g: 0.5 }, environment: { ...HAND_DESIGN.environment, damping_ratio: zeta } },
        ),
      );
    const wr = 2 * Math.PI * fr;
    const a = 0.5 * 9.80665;
    const w1 = atResonance(0.01).tip_disp_mm * 1e-3;
    const w2 = atResonance(0.02).tip_disp_mm * 1e-3;
    expectRel(w1, a / (2 * 0.01 * wr * wr), 1e-9);
    expectRel(w2, a / (2 * 0.02 * wr * wr), 1e-9);
    expectRel(w2 / w1, 0.5, 1e-9);
  });

  it('linearity: displacement, voltage and stress ∝ acceleration, power ∝ acceleration²', () => {
    const base = run(HAND_DESIGN);
    const tripled = run({ ...HAND_DESIGN, excitation: { frequency_hz: 30, acceleration_g: 1.5 } });
    expectRel(tripled.tip_disp_mm / base.tip_disp_mm, 3, 1e-14);
    expectRel(tripled.load_voltage_v / base.load_voltage_v, 3, 1e-14);
    expectRel(tripled.tip_stress_mpa / base.tip_stress_mpa, 3, 1e-14);
    expectRel(tripled.load_power_uw / base.load_power_uw, 9, 1e-14);
    // Frequency and the intermediates do not depend on the excitation amplitude at all.
    expect(tripled.resonant_freq_hz).toBe(base.resonant_freq_hz);
    expect(tripled.coupling_coefficient).toBe(base.coupling_coefficient);
  });
});

describe('domain errors and accepted spellings', () => {
  const problemsOf = (raw: unknown): string => {
    try {
      parseOracleRequest(raw);
    } catch (e) {
      expect(e).toBeInstanceOf(OracleInputError);
      return (e as Error).message;
    }
    throw new Error('request was accepted');
  };

  it('negative length and zero frequency are named, together, in one message', () => {
    const msg = problemsOf({ ...withDesign({ beam_length_mm: -40 }), excitation: { frequency_hz: 0, acceleration_g: 0.5 } });
    expect(msg).toContain('design.beam_length_mm: beam_length_mm must be > 0 mm');
    expect(msg).toContain('excitation.frequency_hz: frequency_hz must be > 0 Hz');
  });

  it('an unknown material lists the known names', () => {
    const msg = problemsOf({ ...HAND_DESIGN, environment: { piezo_material: 'unobtainium' } });
    expect(msg).toContain('unknown piezo material "unobtainium"');
    for (const id of PIEZO_IDS) expect(msg).toContain(id);
  });

  it('aliases pzt5a, aluminium and ss304 resolve to the table materials', () => {
    const canonical = run(HAND_DESIGN);
    expect(run({ ...HAND_DESIGN, environment: { piezo_material: 'pzt5a', substrate_material: 'aluminium' } })).toEqual(canonical);
    const steel = run({ ...HAND_DESIGN, environment: { substrate_material: 'stainless_steel' } });
    expect(run({ ...HAND_DESIGN, environment: { substrate_material: 'ss304' } })).toEqual(steel);
    expect(steel).not.toEqual(canonical);
  });

  it('constraints in the paper list form equal the object form, with defaults for omitted limits', () => {
    const list = parseOracleRequest({
      ...HAND_DESIGN,
      constraints: [
        { name: 'max_stress_mpa', limit: 30 },
        { name: 'min_power_uw', limit: 100 },
      ],
    });
    expect(list.constraints).toEqual({ max_stress_mpa: 30, max_disp_mm: 5, max_freq_error_pct: 5, min_power_uw: 100 });
    // 31.47 MPa > 30 MPa: the list form's stress limit reaches the oracle.
    expect(oracle.evaluateSync(list).feasible).toBe(false);
  });
});

/**
 * Peer test values: data/veh/veh-anchors.json carries, for three literature anchors, the first-mode
 * frequency that a public VEHBench-style Python oracle (veh-anchors-SOURCES.md, S-17) computed with
 * the same unimorph formula and material table, one piezo layer mapped (`consistency_check`,
 * `oracle_style_unimorph_f1_hz`, printed to one decimal). Ours must round to the same tenth of a hertz.
 */
describe('agrees with a peer implementation on three literature anchors', () => {
  const anchors = JSON.parse(readFileSync(new URL('../../../data/veh/veh-anchors.json', import.meta.url), 'utf8')) as {
    id: string;
    design: Record<string, number>;
    materials: { piezo: { vocab: string }; substrate: { vocab: string } };
    consistency_check?: { oracle_style_unimorph_f1_hz: number };
  }[];
  const checked = anchors.filter((a) => a.consistency_check !== undefined);

  it('has the three anchors, whose peer frequencies docs/suites/veh.md quotes', () => {
    expect(checked.map((a) => a.id)).toHaveLength(3);
    const f = checked.map((a) => a.consistency_check!.oracle_style_unimorph_f1_hz.toFixed(1));
    assertDocumented(`which \`data/veh/veh-anchors.json\` records: ${f.slice(0, -1).join(', ')} and ${f.at(-1)} Hz`);
  });

  for (const a of checked) {
    it(a.id, () => {
      const r = run({
        design: {
          beam_length_mm: a.design['beam_length_mm'] as number,
          beam_width_mm: a.design['beam_width_mm'] as number,
          substrate_thickness_um: a.design['substrate_thickness_um'] as number,
          piezo_thickness_um: a.design['piezo_thickness_um'] as number,
          tip_mass_g: a.design['tip_mass_g'] as number,
          load_resistance_ohm: a.design['load_resistance_ohm'] as number,
        },
        excitation: { frequency_hz: 50, acceleration_g: 1 },
        environment: { piezo_material: a.materials.piezo.vocab, substrate_material: a.materials.substrate.vocab },
      });
      expect(Math.round(r.resonant_freq_hz * 10) / 10).toBe(a.consistency_check?.oracle_style_unimorph_f1_hz);
    });
  }
});
