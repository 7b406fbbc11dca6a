/**
 * How a problem names a material: a library name (e.g. "Au (Johnson and Christy 1972)") or a literal
 * complex refractive index. Convention: N = n + ik with fields ∝ e^{−iωt}, so k > 0 absorbs and
 * k < 0 is gain. Every solver receives indices already resolved through a MaterialResolver, so the
 * conventions and the out-of-range warnings live in one place (src/core/photonics/materials/).
 */
import { z } from 'zod';

export const LiteralIndexSchema = z.strictObject({
  n: z.number().finite().describe('real part of the refractive index'),
  k: z.number().finite().describe('extinction coefficient; k > 0 absorbs (n + ik, e^{-iωt})'),
});
export type LiteralIndex = z.infer<typeof LiteralIndexSchema>;

export const MaterialSpecSchema = z
  .union([z.string().min(1).describe('a material library name (proving-ground materials lists them)'), LiteralIndexSchema])
  .describe('library material name, or a literal complex index {n, k} in the n + ik (e^{-iωt}) convention');
export type MaterialSpec = z.infer<typeof MaterialSpecSchema>;

/** A resolved index at one vacuum wavelength, with warnings in words an agent can pass on. */
export interface ResolvedIndex {
  readonly n: number;
  readonly k: number;
  readonly warnings: readonly string[];
}

export interface ResolveOptions {
  /** Problems must opt in to gain media (k < 0); otherwise resolving one throws MaterialError. */
  readonly allowGain?: boolean;
}

/** Resolves material specs; implemented by the materials library (built-in plus user-imported files). */
export interface MaterialResolver {
  resolve(spec: MaterialSpec, wavelength_nm: number, options?: ResolveOptions): ResolvedIndex;
}

/** A material problem the user must fix (unknown name, gain without opt-in, wavelength not covered). */
export class MaterialError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MaterialError';
  }
}
