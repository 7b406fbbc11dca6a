/**
 * RCWA 1D through every dense linear-algebra backend (WASM and the TypeScript reference): the
 * lamellar grating of issue 6 must give its published efficiencies on each, and the backends must
 * agree with each other far below any physical tolerance, in TE and in TM (Li's rules, which add
 * an inverse, a solve and a product per layer). Lossless layers take the Hermitian (TE) and
 * Hermitian-definite (TM) eigensolvers; those paths must give what the general one gives.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createNodeLinalgKernelRegistry } from '../../../adapters/node/linalg-wasm.ts';
import { eig } from '../linalg/eig.ts';
import type { DenseLinalgKernel } from '../linalg/kernel.ts';
import { referenceLinalgKernel } from '../linalg/reference-kernel.ts';
import { solveGrating1d, type Grating1dInput } from './rcwa1d.ts';

const eff = (orders: readonly { order: number; efficiency: number }[], m: number): number => orders.find((o) => o.order === m)?.efficiency ?? NaN;

const lamellar = (polarization: 'TE' | 'TM', harmonics: number, angleDeg = 0): Grating1dInput => ({
  period: 1,
  wavelength: 0.6328,
  angleDeg,
  polarization,
  cover: 1,
  substrate: { n: 1.5, k: 0 },
  harmonics,
  layers: [{ thickness: 0.4, background: { n: 1, k: 0 }, segments: [{ from: 0.25, to: 0.75, index: { n: 1.5, k: 0 } }] }],
});

const backends: DenseLinalgKernel[] = [];
beforeAll(async () => {
  const registry = createNodeLinalgKernelRegistry();
  for (const id of registry.ids()) backends.push(await registry.create(id));
});

describe('RCWA 1D on every linear-algebra backend', () => {
  it('has the wasm backend to test', () => {
    expect(backends.map((b) => b.id)).toEqual(['wasm', 'reference']);
  });

  it('reproduces the lamellar grating of issue 6 (R0 0.009773, T0 0.387774, T±1 0.246852) at 81 harmonics', () => {
    for (const la of backends) {
      const r = solveGrating1d(lamellar('TE', 40), la);
      expect(eff(r.reflected, 0), la.id).toBeCloseTo(0.009773, 5);
      expect(eff(r.transmitted, 0), la.id).toBeCloseTo(0.387774, 5);
      expect(eff(r.transmitted, 1), la.id).toBeCloseTo(0.246852, 5);
      expect(eff(r.transmitted, -1), la.id).toBeCloseTo(0.246852, 5);
    }
  });

  it('agrees with the reference to 1e-10 in every order, TE and TM, normal and oblique', () => {
    for (const [polarization, angle] of [['TE', 0], ['TM', 0], ['TE', 17], ['TM', 17]] as const) {
      const want = solveGrating1d(lamellar(polarization, 25, angle), referenceLinalgKernel);
      for (const la of backends) {
        const got = solveGrating1d(lamellar(polarization, 25, angle), la);
        for (const side of ['reflected', 'transmitted'] as const) {
          got[side].forEach((o, i) => expect(Math.abs(o.efficiency - (want[side][i]?.efficiency ?? NaN)), `${la.id} ${polarization} ${angle}° ${side} ${o.order}`).toBeLessThan(1e-10));
        }
      }
    }
  });

  it('gives the same efficiencies through the Hermitian (TE) and Hermitian-definite (TM) solvers as through the general one', () => {
    // The general path: eigHermitian is the general solver (a Hermitian matrix is normal, so its
    // vectors are orthonormal too), and eigHermitianDefinite refuses, which sends TM to A⁻¹·B and eig.
    const generalOnly: DenseLinalgKernel = {
      ...referenceLinalgKernel,
      id: 'general',
      eigHermitian: eig,
      eigHermitianDefinite: () => {
        throw new Error('eig: the metric matrix is not positive definite');
      },
    };
    for (const polarization of ['TE', 'TM'] as const) {
      // An asymmetric ridge (complex Fourier coefficients) at an oblique angle, over a uniform layer.
      const input: Grating1dInput = {
        ...lamellar(polarization, 30, 12),
        layers: [
          { thickness: 0.3, background: { n: 1, k: 0 }, segments: [{ from: 0.1, to: 0.45, index: { n: 2.1, k: 0 } }] },
          { thickness: 0.2, background: { n: 1.45, k: 0 }, segments: [] },
        ],
      };
      const want = solveGrating1d(input, generalOnly);
      for (const la of backends) {
        const got = solveGrating1d(input, la);
        got.transmitted.forEach((o, i) => expect(Math.abs(o.efficiency - (want.transmitted[i]?.efficiency ?? NaN)), `${la.id} ${polarization} T${o.order}`).toBeLessThan(1e-10));
        expect(Math.abs(got.totalReflected - want.totalReflected), `${la.id} ${polarization}`).toBeLessThan(1e-10);
        expect(Math.abs(got.totalReflected + got.totalTransmitted - 1), `${la.id} ${polarization}`).toBeLessThan(1e-10);
      }
    }
  });
});
