/**
 * Reference transfer-matrix solver in TypeScript: readable first, and the twin of the AssemblyScript
 * kernel (assembly/photonics-tmm.ts), which performs the same steps in the same order on raw f64 pairs.
 *
 * Coherent, incoherent and mixed stacks by the "coherent groups between incoherent layers" method
 * (Katsidis & Siapkas, Appl. Opt. 41, 3978 (2002); Byrnes, arXiv:1603.02720 §5):
 *  - the incoherent media (the incident medium, each incoherent layer, the exit medium) split the
 *    stack into coherent groups; each group is solved coherently from both sides (reference-group.ts)
 *    for its power R and T;
 *  - in an incoherent layer the forward and backward waves add in intensity (their relative phase is
 *    averaged out), and each crossing attenuates by a = exp(−2 k₀ d Im q);
 *  - the intensities follow from a stable recursion: the effective reflectance ρ seen looking towards
 *    the exit, from the back, then the forward and backward intensities, from the front. No 2×2
 *    intensity matrix with e^{+2 Im δ} entries is ever formed, so thick absorbing layers cannot overflow.
 * Absorption per layer is the difference of the net Poynting flux across the layer. In an absorbing
 * incoherent layer the net flux at a boundary includes the (coherent) cross term between a wave and
 * its own reflection there; the group solve includes it, so R + T + ΣA = 1 holds to round-off.
 */
import * as C from '../complex.ts';
import type { Complex } from '../complex.ts';
import { normalComponent } from './branch.ts';
import type { TmmBatch, TmmKernel, TmmPolarization } from './kernel.ts';
import { OUT_R, OUT_R_IM, OUT_R_RE, OUT_T, OUT_T_IM, OUT_T_RE, POINT_HEADER, checkBatchSizes, pointStride } from './layout.ts';
import { type LayerMatrix, type MediumWave, admittance, layerMatrix, solveGroup } from './reference-group.ts';

/** One stack at one wavelength and angle. */
export interface TmmPoint {
  /** N = n + ik for medium 0, layers 1…m, medium m+1; medium 0 must be lossless (k = 0, n > 0). */
  readonly indices: readonly Complex[];
  readonly thicknesses_nm: readonly number[];
  readonly coherent: readonly boolean[];
  readonly wavelength_nm: number;
  /** In medium 0, radians, [0, π/2). */
  readonly angle_rad: number;
  readonly polarization: TmmPolarization;
}

export interface TmmPointResult {
  readonly R: number;
  readonly T: number;
  /** Field amplitudes (Born & Wolf / Byrnes r_p sign); NaN unless every layer is coherent. */
  readonly r: Complex;
  readonly t: Complex;
  /** Fraction of the incident power absorbed in each layer, [m]. */
  readonly absorption: number[];
}

export function solveTmmPoint(point: TmmPoint): TmmPointResult {
  const m = point.thicknesses_nm.length;
  const p = point.polarization === 'p';
  const n0 = (point.indices[0] as Complex).re;
  const beta = n0 * Math.sin(point.angle_rad);
  const k0 = (2 * Math.PI) / point.wavelength_nm;

  const media: MediumWave[] = point.indices.map((index, i) =>
    i === 0 ? { index, q: C.c(n0 * Math.cos(point.angle_rad), 0) } : { index, q: normalComponent(index, beta) },
  );
  const mats: (LayerMatrix | undefined)[] = [];
  const incoherentMedia = [0];
  const attenuation: number[] = new Array<number>(m + 2).fill(1);
  for (let i = 1; i <= m; i++) {
    const medium = media[i] as MediumWave;
    const d = point.thicknesses_nm[i - 1] as number;
    if (point.coherent[i - 1]) {
      mats[i] = layerMatrix(medium.index, medium.q, k0 * d, p);
    } else {
      incoherentMedia.push(i);
      // A medium that carries no propagating power (Re η ≤ 0) passes nothing on.
      attenuation[i] = admittance(medium, p).re > 0 ? Math.exp(-2 * k0 * d * medium.q.im) : 0;
    }
  }
  incoherentMedia.push(m + 1);

  const groups = incoherentMedia.length - 1;
  const forwardFlux = new Float64Array(m + 1);
  const backwardFlux = new Float64Array(m + 1);
  const front: ReturnType<typeof solveGroup>[] = [];
  const back: ReturnType<typeof solveGroup>[] = [];
  for (let g = 0; g < groups; g++) {
    const a = incoherentMedia[g] as number;
    const b = incoherentMedia[g + 1] as number;
    front.push(solveGroup(media, mats, a, b, p, true, forwardFlux));
    // Light comes back into a group only through an incoherent layer, never from the exit medium.
    if (g < groups - 1) back.push(solveGroup(media, mats, a, b, p, false, backwardFlux));
  }

  // ρ[g]: reflectance seen from group g's left medium looking towards the exit (all later reflections summed).
  const rho = new Float64Array(groups);
  rho[groups - 1] = (front[groups - 1] as { R: number }).R;
  for (let g = groups - 2; g >= 0; g--) {
    const att = attenuation[incoherentMedia[g + 1] as number] as number;
    const loop = att * att * (rho[g + 1] as number);
    const f = front[g] as { R: number; T: number };
    const bk = back[g] as { R: number; T: number };
    // Skip the round trips when no light can make them: 0/0 when both mirrors of a lossless trap are perfect.
    const through = f.T * bk.T * loop;
    rho[g] = f.R + (through > 0 ? through / (1 - bk.R * loop) : 0);
  }
  // forward[g]: intensity arriving at group g from the left; backward[g]: from the right.
  const forward = new Float64Array(groups);
  const backward = new Float64Array(groups);
  forward[0] = 1;
  for (let g = 0; g < groups - 1; g++) {
    const att = attenuation[incoherentMedia[g + 1] as number] as number;
    const loop = att * att * (rho[g + 1] as number);
    const f = front[g] as { T: number };
    const bk = back[g] as { R: number };
    const into = f.T * (forward[g] as number);
    const entering = into > 0 ? into / (1 - bk.R * loop) : 0;
    forward[g + 1] = att * entering;
    backward[g] = att * (rho[g + 1] as number) * (forward[g + 1] as number);
  }

  // Net forward flux through each plane, then absorption as the drop across each layer.
  const net = new Float64Array(m + 1);
  for (let g = 0; g < groups; g++) {
    for (let plane = incoherentMedia[g] as number; plane < (incoherentMedia[g + 1] as number); plane++) {
      net[plane] = (forward[g] as number) * (forwardFlux[plane] as number) - (backward[g] as number) * (backwardFlux[plane] as number);
    }
  }
  const absorption: number[] = [];
  for (let j = 1; j <= m; j++) absorption.push((net[j - 1] as number) - (net[j] as number));

  const single = groups === 1 ? (front[0] as { r: Complex; t: Complex }) : undefined;
  const nan = C.c(NaN, NaN);
  return {
    R: rho[0] as number,
    T: net[m] as number,
    r: single ? single.r : nan,
    t: single ? single.t : nan,
    absorption,
  };
}

/** The reference kernel: unpacks the flat batch and solves each point with solveTmmPoint. */
export const referenceTmmKernel: TmmKernel = {
  id: 'reference',
  solve(batch: TmmBatch, out: Float64Array): void {
    checkBatchSizes(batch, out.length);
    const { layerCount: m, wavelengthCount: W, angleCount: A } = batch;
    const stride = pointStride(m);
    const thicknesses_nm = Array.from(batch.thicknesses_nm.subarray(0, m));
    const coherent = Array.from(batch.coherent.subarray(0, m), (v) => v !== 0);
    for (let w = 0; w < W; w++) {
      const indices: Complex[] = [];
      for (let i = 0; i < m + 2; i++) {
        const k = (w * (m + 2) + i) * 2;
        indices.push(C.c(batch.indices[k] as number, batch.indices[k + 1] as number));
      }
      for (let a = 0; a < A; a++) {
        const res = solveTmmPoint({
          indices,
          thicknesses_nm,
          coherent,
          wavelength_nm: batch.wavelengths_nm[w] as number,
          angle_rad: batch.angles_rad[a] as number,
          polarization: batch.polarization,
        });
        const o = (w * A + a) * stride;
        out[o + OUT_R] = res.R;
        out[o + OUT_T] = res.T;
        out[o + OUT_R_RE] = res.r.re;
        out[o + OUT_R_IM] = res.r.im;
        out[o + OUT_T_RE] = res.t.re;
        out[o + OUT_T_IM] = res.t.im;
        for (let j = 0; j < m; j++) out[o + POINT_HEADER + j] = res.absorption[j] as number;
      }
    }
  },
};
