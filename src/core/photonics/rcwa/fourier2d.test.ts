import { describe, expect, it } from 'vitest';
import { inverse } from '../linalg/cmatrix.ts';
import { fourierCoefficients, toeplitz } from './fourier.ts';
import { besselJ1, harmonicIndex, layerConvolution, shapeCoefficients, type CellPattern } from './fourier2d.ts';

const at = (m: { re: Float64Array; im: Float64Array; cols: number }, i: number, j: number) => ({ re: m.re[i * m.cols + j] as number, im: m.im[i * m.cols + j] as number });

describe('2D Fourier coefficients and Li’s factorisation', () => {
  it('computes J₁ to 1e-10 (Abramowitz & Stegun Table 9.1: J₁(1), J₁(5), J₁(10))', () => {
    expect(besselJ1(1)).toBeCloseTo(0.4400505857, 10);
    expect(besselJ1(5)).toBeCloseTo(-0.3275791376, 10);
    expect(besselJ1(10)).toBeCloseTo(0.0434727462, 10);
    expect(besselJ1(0)).toBeCloseTo(0, 15);
  });

  it('gives a circle’s mean permittivity from its area fraction, and its first coefficient from 2J₁(ρ)/ρ', () => {
    const r = 0.2;
    const pattern: CellPattern = { background: { re: 12, im: 0 }, shapes: [{ type: 'ellipse', centerU: 0.5, centerV: 0.5, halfX: r, halfY: r, eps: { re: 1, im: 0 } }] };
    const c = shapeCoefficients(pattern, 1, 1);
    const width = 5;
    const f = Math.PI * r * r;
    expect(c.re[2 * width + 2]).toBeCloseTo(12 - 11 * f, 12);
    // (p, q) = (1, 0): −11·πr²·2J₁(2πr)/(2πr)·e^{−iπ} (the centre at u = ½ flips the sign).
    const rho = 2 * Math.PI * r;
    expect(c.re[2 * width + 3]).toBeCloseTo(11 * f * ((2 * besselJ1(rho)) / rho), 12);
    expect(Math.abs(c.im[2 * width + 3] as number)).toBeLessThan(1e-12);
  });

  it('builds [[ε]] of rectangles slab by slab equal to the closed form, including a rectangle that wraps across the cell edge', () => {
    const pattern: CellPattern = {
      background: { re: 2.25, im: 0 },
      shapes: [
        { type: 'rectangle', centerU: 0.3, centerV: 0.6, halfX: 0.15, halfY: 0.2, eps: { re: 1, im: 0.1 } },
        { type: 'rectangle', centerU: 0.95, centerV: 0.1, halfX: 0.1, halfY: 0.15, eps: { re: 12, im: 0 } },
      ],
    };
    const M = 3;
    const N = 2;
    const conv = layerConvolution(pattern, M, N);
    expect(conv.rule).toBe('li-inverse-rule');
    const table = shapeCoefficients(pattern, M, N);
    const width = 4 * M + 1;
    const zero = harmonicIndex(0, 0, M, N);
    for (let n = -N; n <= N; n++) {
      for (let m = -M; m <= M; m++) {
        const got = at(conv.epsilon, harmonicIndex(m, n, M, N), zero);
        expect(got.re).toBeCloseTo(table.re[(n + 2 * N) * width + m + 2 * M] as number, 12);
        expect(got.im).toBeCloseTo(table.im[(n + 2 * N) * width + m + 2 * M] as number, 12);
      }
    }
  });

  it('reduces to the 1D rules for a y-invariant ridge: ε_xx = [[1/ε]]⁻¹ (inverse rule), ε_yy = [[ε]] (Laurent)', () => {
    const pattern: CellPattern = { background: { re: 1, im: 0 }, shapes: [{ type: 'rectangle', centerU: 0.5, centerV: 0.5, halfX: 0.25, halfY: 0.5, eps: { re: 2.25, im: 0 } }] };
    const M = 4;
    const conv = layerConvolution(pattern, M, 0);
    const inv = inverse(toeplitz(fourierCoefficients({ re: 1, im: 0 }, [{ from: 0.25, to: 0.75, re: 1 / 2.25, im: 0 }], 2 * M), M));
    const laurent = toeplitz(fourierCoefficients({ re: 1, im: 0 }, [{ from: 0.25, to: 0.75, re: 2.25, im: 0 }], 2 * M), M);
    for (let i = 0; i < 2 * M + 1; i++) {
      for (let j = 0; j < 2 * M + 1; j++) {
        expect(at(conv.epsXX, i, j).re).toBeCloseTo(at(inv, i, j).re, 12);
        expect(at(conv.epsYY, i, j).re).toBeCloseTo(at(laurent, i, j).re, 12);
      }
    }
  });

  it('uses the Laurent rule for a layer with a circle and says so', () => {
    const conv = layerConvolution({ background: { re: 12, im: 0 }, shapes: [{ type: 'ellipse', centerU: 0.5, centerV: 0.5, halfX: 0.2, halfY: 0.2, eps: { re: 1, im: 0 } }] }, 2, 2);
    expect(conv.rule).toBe('laurent');
    expect(conv.epsXX).toBe(conv.epsilon);
  });
});
