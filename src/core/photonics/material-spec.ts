/**
 * How a problem names a material: a library name (e.g. "Au (Johnson and Christy 1972)"), a literal
 * complex refractive index, or a dispersion model (constant, Drude, Drude–Lorentz). Convention:
 * N = n + ik with fields ∝ e^{−iωt}, so k > 0 absorbs and k < 0 is gain. Every solver receives
 * indices already resolved through a MaterialResolver, so the conventions and the out-of-range
 * warnings live in one place (src/core/photonics/materials/).
 */
import { z } from 'zod';

export const LiteralIndexSchema = z.strictObject({
  n: z.number().finite().describe('real part of the refractive index'),
  k: z.number().finite().describe('extinction coefficient; k > 0 absorbs (n + ik, e^{-iωt})'),
});
export type LiteralIndex = z.infer<typeof LiteralIndexSchema>;

const epsInf = z.number().finite().positive().describe('high-frequency permittivity ε∞ (1 for a free-electron metal)');
const plasmaEnergy = z.number().finite().nonnegative().describe('plasma energy ħω_p in eV (about 9 for Au)');
const dampingEnergy = (what: string) => z.number().finite().nonnegative().describe(`${what} damping energy ħγ in eV (≥ 0: absorbing)`);

export const ConstantModelSchema = z
  .strictObject({
    model: z.literal('constant'),
    n: z.number().finite().describe('refractive index, the same at every wavelength'),
    k: z.number().finite().describe('extinction coefficient, the same at every wavelength; k > 0 absorbs'),
  })
  .describe('a wavelength-independent index n + ik');

export const DrudeModelSchema = z
  .strictObject({
    model: z.literal('drude'),
    eps_inf: epsInf,
    plasma_energy_ev: plasmaEnergy,
    damping_energy_ev: dampingEnergy('free-electron'),
  })
  .describe('Drude metal: ε(ω) = ε∞ − ω_p²/(ω² + iγω), fields ∝ e^{−iωt}; energies ħω in eV');

export const LorentzOscillatorSchema = z.strictObject({
  strength: z.number().finite().nonnegative().describe('oscillator strength f_j (dimensionless)'),
  resonance_energy_ev: z.number().finite().positive().describe('resonance energy ħω_j in eV'),
  damping_energy_ev: dampingEnergy('oscillator'),
});

export const DrudeLorentzModelSchema = z
  .strictObject({
    model: z.literal('drude_lorentz'),
    eps_inf: epsInf,
    plasma_energy_ev: plasmaEnergy,
    damping_energy_ev: dampingEnergy('free-electron'),
    oscillators: z.array(LorentzOscillatorSchema).describe('Lorentz terms f_j ω_j²/(ω_j² − ω² − iγ_j ω)'),
  })
  .describe('Drude–Lorentz: ε(ω) = ε∞ − ω_p²/(ω² + iγω) + Σ f_j ω_j²/(ω_j² − ω² − iγ_j ω), fields ∝ e^{−iωt}; energies in eV');

export const MaterialModelSchema = z.discriminatedUnion('model', [ConstantModelSchema, DrudeModelSchema, DrudeLorentzModelSchema]);
export type MaterialModel = z.infer<typeof MaterialModelSchema>;

/**
 * Longest material name a problem may give. Library names are under 50 characters; a longer string
 * is a mistake (a pasted file, a runaway generator), and a 100 MB one took seconds to normalise and
 * compare before "unknown material" (issue 21), so the schema refuses it at once, saying why.
 */
export const MAX_MATERIAL_NAME_CHARS = 1000;

const MaterialNameSchema = z
  .string()
  .min(1)
  .max(MAX_MATERIAL_NAME_CHARS, {
    error: (iss) => `a material name of ${String((iss.input as string).length)} characters is not a library name (at most ${MAX_MATERIAL_NAME_CHARS}; \`proving-ground materials\` lists them)`,
  })
  .describe('a material library name (proving-ground materials lists them)');

export const MaterialSpecSchema = z
  .union([MaterialNameSchema, LiteralIndexSchema, MaterialModelSchema])
  .describe('library material name, a literal complex index {n, k} in the n + ik (e^{-iωt}) convention, or a model {"model": "constant" | "drude" | "drude_lorentz", …}');
export type MaterialSpec = z.infer<typeof MaterialSpecSchema>;

/** A resolved index at one vacuum wavelength, with warnings in words an agent can pass on. */
export interface ResolvedIndex {
  readonly n: number;
  readonly k: number;
  readonly warnings: readonly string[];
  /** What produced the value: the library entry's name, or the model ("Drude model"); absent for a literal. */
  readonly source?: string;
}

export interface ResolveOptions {
  /** Problems must opt in to gain media (k < 0); otherwise resolving one throws MaterialError. */
  readonly allowGain?: boolean;
}

/** Indices over a list of wavelengths; warnings merged (one sentence per cause, with a count). */
export interface ResolvedSpectrum {
  readonly n: readonly number[];
  readonly k: readonly number[];
  readonly warnings: readonly string[];
  readonly source?: string;
}

/** Resolves material specs; implemented by the materials library (built-in plus user-imported files). */
export interface MaterialResolver {
  resolve(spec: MaterialSpec, wavelength_nm: number, options?: ResolveOptions): ResolvedIndex;
  /**
   * Optional: the same over many wavelengths, with warnings summarised ("12 of the 1000 wavelengths
   * (1950–2400 nm) are outside …") rather than one per point. Use resolveSpectrum() from
   * materials/spectrum.ts, which falls back to resolve() for resolvers without it.
   */
  resolveSpectrum?(spec: MaterialSpec, wavelengths_nm: readonly number[], options?: ResolveOptions): ResolvedSpectrum;
}

/** A material problem the user must fix (unknown name, gain without opt-in, wavelength not covered). */
export class MaterialError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MaterialError';
  }
}
