/**
 * Seeded random stacks for the parity suite, the property tests and the bench: 1–25 layers, mixes of
 * dielectrics, weak absorbers and metals, coherent thin films and incoherent thick layers, angles up
 * to 85° (beyond total internal reflection too), s and p.
 */
import type { Rng } from '../../agent/types.ts';
import type { TmmBatch, TmmPolarization } from './kernel.ts';

export interface RandomStackOptions {
  /** Every medium and layer lossless (k = 0). */
  readonly lossless?: boolean;
  /** Make the exit medium lossless too (needed for reciprocity, where the light also comes from there). */
  readonly losslessExit?: boolean;
  /** Allow incoherent layers (default true). */
  readonly incoherent?: boolean;
  readonly maxLayers?: number;
  readonly wavelengthCount?: number;
  readonly angleCount?: number;
  readonly polarization?: TmmPolarization;
}

const uniform = (rng: Rng, lo: number, hi: number): number => lo + (hi - lo) * rng.next();
const int = (rng: Rng, lo: number, hi: number): number => lo + Math.floor(rng.next() * (hi - lo + 1));

/** A random complex index: 40 % lossless, 35 % weak absorber, 25 % metal-like (unless lossless). */
function randomIndex(rng: Rng, lossless: boolean): [number, number] {
  const u = rng.next();
  if (lossless || u < 0.4) return [uniform(rng, 1, 4), 0];
  if (u < 0.75) return [uniform(rng, 1, 4), uniform(rng, 0, 0.2)];
  return [uniform(rng, 0.03, 1.5), uniform(rng, 1, 8)];
}

export function randomTmmBatch(rng: Rng, options: RandomStackOptions = {}): TmmBatch {
  const m = int(rng, 1, options.maxLayers ?? 25);
  const W = options.wavelengthCount ?? int(rng, 1, 3);
  const A = options.angleCount ?? int(rng, 1, 3);
  const lossless = options.lossless === true;
  const coherent = new Uint8Array(m);
  const thicknesses_nm = new Float64Array(m);
  for (let j = 0; j < m; j++) {
    const inc = options.incoherent !== false && rng.next() < 0.25;
    coherent[j] = inc ? 0 : 1;
    thicknesses_nm[j] = inc ? uniform(rng, 2e3, 2e6) : uniform(rng, 1, 600);
  }
  const indices = new Float64Array(W * (m + 2) * 2);
  const wavelengths_nm = new Float64Array(W);
  // One material per position, lightly dispersed across the wavelengths.
  const base = Array.from({ length: m + 2 }, (_, i) => (i === 0 ? [uniform(rng, 1, 2), 0] : randomIndex(rng, lossless || (i === m + 1 && options.losslessExit === true))));
  for (let w = 0; w < W; w++) {
    wavelengths_nm[w] = uniform(rng, 300, 2000);
    for (let i = 0; i < m + 2; i++) {
      const [n, k] = base[i] as [number, number];
      const f = 1 + 0.02 * w;
      indices[(w * (m + 2) + i) * 2] = n * f;
      indices[(w * (m + 2) + i) * 2 + 1] = k * f;
    }
  }
  const angles_rad = Float64Array.from({ length: A }, () => uniform(rng, 0, (85 * Math.PI) / 180));
  const polarization = options.polarization ?? (rng.next() < 0.5 ? 's' : 'p');
  return { layerCount: m, wavelengthCount: W, angleCount: A, wavelengths_nm, indices, thicknesses_nm, coherent, angles_rad, polarization };
}
