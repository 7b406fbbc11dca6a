import { describe, expect, it } from 'vitest';
import { createRng } from '../../stats/rng.ts';
import { createFftPlan } from './fft2d.ts';
import { makeLattice } from './lattice.ts';
import { applyTheta, createThetaWork, planeWaveOrders, type ThetaOperator } from './operator.ts';
import { smoothEpsilon, teTensor, tmFactor } from './smoothing.ts';

/** Θ on an off-centre rod (complex operator) at a general k, both polarizations. */
function operator(polarization: 'TM' | 'TE'): ThetaOperator {
  const P = 9;
  const lattice = makeLattice('triangular');
  const eps = smoothEpsilon(lattice, 1, [{ shape: 'circle', center: { x: 0.13, y: -0.07 }, radius: 0.3, epsilon: 10 }], P);
  const plan = createFftPlan(P, 4);
  const { m, n, gridIndex } = planeWaveOrders(4, P);
  const size = m.length;
  const kgX = new Float64Array(size);
  const kgY = new Float64Array(size);
  const kgNorm = new Float64Array(size);
  for (let i = 0; i < size; i++) {
    kgX[i] = 0.7 + m[i]! * lattice.b1.x + n[i]! * lattice.b2.x;
    kgY[i] = 0.3 + m[i]! * lattice.b1.y + n[i]! * lattice.b2.y;
    kgNorm[i] = Math.hypot(kgX[i]!, kgY[i]!);
  }
  return { polarization, plan, size, gridIndex, kgX, kgY, kgNorm, eta: polarization === 'TM' ? tmFactor(eps) : null, kappa: polarization === 'TE' ? teTensor(eps) : null };
}

describe('FFT Maxwell operator', () => {
  for (const pol of ['TM', 'TE'] as const) {
    it(`${pol}: Hermitian and positive — ⟨x, Θy⟩ = conj⟨y, Θx⟩, ⟨x, Θx⟩ > 0`, () => {
      const op = operator(pol);
      const rng = createRng(pol === 'TM' ? 1 : 2);
      const vec = (): [Float64Array, Float64Array] => [Float64Array.from({ length: op.size }, () => rng.uniform(-1, 1)), Float64Array.from({ length: op.size }, () => rng.uniform(-1, 1))];
      const [xr, xi] = vec();
      const [yr, yi] = vec();
      const work = createThetaWork(op.plan);
      const [axr, axi] = [new Float64Array(op.size), new Float64Array(op.size)];
      const [ayr, ayi] = [new Float64Array(op.size), new Float64Array(op.size)];
      applyTheta(op, xr, xi, axr, axi, work);
      applyTheta(op, yr, yi, ayr, ayi, work);
      const dot = (ar: Float64Array, ai: Float64Array, br: Float64Array, bi: Float64Array): [number, number] => {
        let re = 0;
        let im = 0;
        for (let t = 0; t < op.size; t++) {
          re += ar[t]! * br[t]! + ai[t]! * bi[t]!;
          im += ar[t]! * bi[t]! - ai[t]! * br[t]!;
        }
        return [re, im];
      };
      const [a, b] = dot(xr, xi, ayr, ayi);
      const [c, d] = dot(yr, yi, axr, axi);
      expect(a).toBeCloseTo(c, 8);
      expect(b).toBeCloseTo(-d, 8);
      expect(dot(xr, xi, axr, axi)[0]).toBeGreaterThan(0);
    });
  }
});
