/**
 * The coated-sphere reference (./coated.ts) against limits that any correct solution must reach and
 * against direct high-precision evaluations of Bohren & Huffman's §8.1 formulas:
 *  - HP: B&H eqs. (8.2)–(8.3) (Aden–Kerker coefficients with ψ, χ and the Aₙ, Bₙ shell amplitudes) evaluated
 *    with 60-digit Bessel functions in mpmath 1.3 (mp.besselj/bessely), summed over the same
 *    n_max = y + 4y^{1/3} + 2 terms; so they test the arithmetic (the stable log-derivative rewrite),
 *    not the truncation. Agreement: 1e-12 relative.
 *  - QS: the quasi-static coated sphere, B&H eq. (5.36) for the polarisability.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadNodeWasmMieKernel } from '../../../adapters/node/mie-wasm.ts';
import { c, type Complex } from '../complex.ts';
import { mieCoated } from './coated.ts';
import { MIE_OUT, MIE_OUTPUT_STRIDE } from './layout.ts';
import { mieTermCount, type MieEfficiencies } from './series.ts';
import { mieSphere } from './sphere.ts';

const rel = (a: number, b: number): number => Math.abs(a / b - 1);

/** Relative agreement within `tol` (`gTol` for g, `backTol` for the alternating Qback series). */
function expectClose(actual: MieEfficiencies, expected: MieEfficiencies, tol: number, gTol = tol, backTol = tol): void {
  expect(rel(actual.qext, expected.qext)).toBeLessThanOrEqual(tol);
  expect(rel(actual.qsca, expected.qsca)).toBeLessThanOrEqual(tol);
  expect(rel(actual.qback, expected.qback)).toBeLessThanOrEqual(backTol);
  expect(Math.abs(actual.g - expected.g)).toBeLessThanOrEqual(gTol * Math.abs(expected.g));
}

describe('coated sphere against 60-digit evaluations of Bohren & Huffman §8.1 (HP)', () => {
  // [core m, shell m, x, y, Qext, Qsca, Qback, g]
  const cases: [string, Complex, Complex, number, number, MieEfficiencies][] = [
    ['absorbing core, dielectric shell', c(0.5, 3), c(1.4, 0), 0.5, 1, { qext: 1.9968138818759031, qsca: 1.202925039269851, qback: 1.6318823921221808, g: 0.03977331585912149 }],
    ['absorbing shell, large', c(1.5, 0.01), c(2, 0.5), 50, 60, { qext: 2.1296136703101483, qsca: 1.238852749951167, qback: 0.135145997207287, g: 0.8772724240641643 }],
    ['silica–silver-like nanoshell in water', c(1.45 / 1.33, 0), c(0.2 / 1.33, 3.5 / 1.33), 1.2, 1.5, { qext: 5.44000515934049, qsca: 4.2381996722130015, qback: 0.6358893590092201, g: 0.41566174030035774 }],
    ['thick lossy shell', c(1.2, 0), c(1.5, 0.5), 10, 30, { qext: 2.1887259821043124, qsca: 1.1976060532352295, qback: 0.0768630085875792, g: 0.915814217435219 }],
  ];
  it.each(cases)('%s', (_name, m1, m2, x, y, expected) => {
    expectClose(mieCoated(m1, m2, x, y), expected, 1e-12);
  });

  it('a tiny metal-cored sphere (y = 2e-4) keeps its digits', () => {
    // g ≈ 3e-9 comes from Re(a₁b₁*) with b₁ ∝ y⁵, whose numerator cancels to O(y²) of its terms: 1e-7 relative there
    const expected = { qext: 4.3808690969020015e-05, qsca: 1.4131123283395444e-15, qback: 2.1196684740525105e-15, g: 3.4486095265323293e-09 };
    expectClose(mieCoated(c(0.3, 3), c(1.5, 0), 1e-4, 2e-4), expected, 1e-12, 1e-7);
  });
});

describe('coated sphere where m₂x, m₂y or y is a multiple of π, against 60-digit evaluations (HP, issue 15)', () => {
  // ./hp-coated-reference.json, from scripts/mie-hp-coated-reference.py: B&H eqs. 8.2–8.3 with mpmath's
  // Bessel functions at 60 and 100 digits. ψ₀(m₂x) = sin(m₂x) ≈ 0 there; the shell functions were built
  // from it through ψ₁/ψ₀ ≈ ∞ and lost every digit (m₁ = 1.2, m₂ = 1.5, x = 1, y = 2π: Qext 2.39697 against 2.35927).
  interface Row { m1: [number, number]; m2: [number, number]; xExpr: string; x: number; yExpr: string; y: number; nMax: number; qext: string; qsca: string; qback: string; g: string }
  const rows = (JSON.parse(readFileSync(new URL('./hp-coated-reference.json', import.meta.url), 'utf8')) as { cases: Row[] }).cases;
  const JS: Record<string, number> = {
    '1': 1,
    '2': 2,
    '0.5': 0.5,
    '2 * Math.PI': 2 * Math.PI,
    'Math.PI / 2': Math.PI / 2,
    'Math.PI': Math.PI,
    'Math.PI / 1.5': Math.PI / 1.5,
    '2.2 * Math.PI': 2.2 * Math.PI,
    '(2 * Math.PI) / 1.5': (2 * Math.PI) / 1.5,
    '(5 * Math.PI) / 1.4': (5 * Math.PI) / 1.4,
    '(10 * Math.PI) / 1.4': (10 * Math.PI) / 1.4,
    '(4 * Math.PI) / 1.25': (4 * Math.PI) / 1.25,
    '8 * Math.PI': 8 * Math.PI,
  };
  const expected = (r: Row): MieEfficiencies => ({ qext: Number(r.qext), qsca: Number(r.qsca), qback: Number(r.qback), g: Number(r.g) });

  it('the table holds the doubles the JavaScript expressions give, with this code’s n_max', () => {
    expect(rows).toHaveLength(8);
    for (const r of rows) {
      expect(r.x).toBe(JS[r.xExpr]);
      expect(r.y).toBe(JS[r.yExpr]);
      expect(r.nMax).toBe(mieTermCount(r.y));
    }
  });

  it('TypeScript reference: 1e-12 relative', () => {
    for (const r of rows) expectClose(mieCoated(c(...r.m1), c(...r.m2), r.x, r.y), expected(r), 1e-12);
  });

  it('WASM kernel: 1e-12 relative', async () => {
    const wasm = await loadNodeWasmMieKernel();
    const input = new Float64Array(rows.flatMap((r) => [...r.m1, ...r.m2, r.x, r.y]));
    const out = new Float64Array(rows.length * MIE_OUTPUT_STRIDE);
    wasm.coated(input, rows.length, out);
    rows.forEach((r, i) => {
      const o = i * MIE_OUTPUT_STRIDE;
      expectClose({ qext: out[o + MIE_OUT.qext]!, qsca: out[o + MIE_OUT.qsca]!, qback: out[o + MIE_OUT.qback]!, g: out[o + MIE_OUT.g]! }, expected(r), 1e-12);
    });
  });
});

describe('coated sphere limits', () => {
  const particles: [Complex, Complex, number, number][] = [
    [c(1.5, 0.1), c(1.33, 0), 3, 5],
    [c(0.3, 3), c(1.5, 0.01), 0.4, 0.5],
    [c(2.5, 0), c(0.8, 0), 40, 70],
    [c(1.5, 0), c(10, 10), 3000, 5000],
  ];

  it('a shell of core material is a homogeneous sphere of the outer size', () => {
    for (const [m1, , x, y] of particles) expectClose(mieCoated(m1, m1, x, y), mieSphere(m1, y), 1e-13);
  });

  it('a shell with the medium index (m₂ = 1) is the bare core, Q scaled by (x/y)² (same cross-section)', () => {
    for (const [m1, , x, y] of particles) {
      const core = mieSphere(m1, x);
      const s = (x / y) ** 2;
      // The coated series runs to n_max(y) > n_max(x), so the difference is the core series' truncation error:
      // ≤ 1e-11 in Qext, Qsca, g, but 3e-8 in the alternating Qback sum at x = 3000.
      expectClose(mieCoated(m1, c(1, 0), x, y), { qext: core.qext * s, qsca: core.qsca * s, qback: core.qback * s, g: core.g }, 1e-11, 1e-11, 1e-7);
    }
  });

  it('a vanishing core tends to a sphere of shell material; a vanishing shell to one of core material', () => {
    for (const [m1, m2, , y] of particles) {
      // core volume fraction 1e-18: its effect is far below 1e-12
      expectClose(mieCoated(m1, m2, 1e-6 * y, y), mieSphere(m2, y), 1e-11);
      expectClose(mieCoated(m1, m2, 0, y), mieSphere(m2, y), 0);
      // A thin shell still changes Q, linearly in its thickness t (physics, not rounding: 1.8e-6 in Qext for the
      // m₂ = 10 + 10i film with t = 1e-10 y on y = 5000). So check that the deviation from the bare core
      // shrinks tenfold with t, down to rounding, and that near-coincident interfaces (Qₙ → 1) lose no digits.
      const bare = mieSphere(m1, y);
      const deviation = (t: number): number[] => {
        const r = mieCoated(m1, m2, y * (1 - t), y);
        return [rel(r.qext, bare.qext), rel(r.qsca, bare.qsca), rel(r.qback, bare.qback)];
      };
      const thick = deviation(1e-9);
      const thin = deviation(1e-10);
      thin.forEach((d, i) => expect(d).toBeLessThanOrEqual(0.12 * (thick[i] as number) + 1e-13));
      expectClose(mieCoated(m1, m2, y, y), mieSphere(m1, y), 0);
    }
  });

  it('a thick, strongly absorbing shell hides the core completely (no overflow: Im(m₂)y = 1000)', () => {
    const shell = c(10, 10);
    expectClose(mieCoated(c(1.5, 0), shell, 50, 100), mieSphere(shell, 100), 1e-13);
    expectClose(mieCoated(c(0.1, 5), shell, 50, 100), mieSphere(shell, 100), 1e-13);
  });

  it('quasi-static limit: Qabs → 4y Im α̃, Qsca → (8/3)y⁴|α̃|² with α̃ from Bohren & Huffman eq. 5.36 (QS)', () => {
    const y = 1e-3;
    for (const [m1, m2, f] of [[c(0.3, 3), c(1.5, 0), 0.5], [c(1.45, 0), c(0.15, 2.6), 0.8], [c(2, 0.1), c(1.2, 0.5), 0.2]] as const) {
      const e1 = cmul(m1, m1);
      const e2 = cmul(m2, m2);
      const f3 = f ** 3;
      // α̃ = [(ε₂ − 1)(ε₁ + 2ε₂) + f³(ε₁ − ε₂)(1 + 2ε₂)] / [(ε₂ + 2)(ε₁ + 2ε₂) + f³(2ε₂ − 2)(ε₁ − ε₂)]
      const num = cadd(cmul(csub(e2, c(1)), cadd(e1, cscale(e2, 2))), cscale(cmul(csub(e1, e2), cadd(c(1), cscale(e2, 2))), f3));
      const den = cadd(cmul(cadd(e2, c(2)), cadd(e1, cscale(e2, 2))), cscale(cmul(csub(cscale(e2, 2), c(2)), csub(e1, e2)), f3));
      const alpha = cdiv(num, den);
      const r = mieCoated(m1, m2, f * y, y);
      expect(rel(r.qext - r.qsca, 4 * y * alpha.im)).toBeLessThan(1e-5);
      expect(rel(r.qsca, (8 / 3) * y ** 4 * (alpha.re ** 2 + alpha.im ** 2))).toBeLessThan(1e-5);
    }
  });
});

// Plain complex helpers, written out here so the quasi-static check shares no code with the solver.
function cadd(a: Complex, b: Complex): Complex {
  return c(a.re + b.re, a.im + b.im);
}
function csub(a: Complex, b: Complex): Complex {
  return c(a.re - b.re, a.im - b.im);
}
function cmul(a: Complex, b: Complex): Complex {
  return c(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re);
}
function cscale(a: Complex, s: number): Complex {
  return c(a.re * s, a.im * s);
}
function cdiv(a: Complex, b: Complex): Complex {
  const d = b.re * b.re + b.im * b.im;
  return c((a.re * b.re + a.im * b.im) / d, (a.im * b.re - a.re * b.im) / d);
}
