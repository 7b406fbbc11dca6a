/**
 * Indices over a wavelength list through any MaterialResolver: the resolver's own resolveSpectrum
 * when it has one (the library merges its warnings into one sentence per cause, with a count), or
 * one resolve() per wavelength with duplicate warnings dropped (literal-only resolvers in tests).
 */
import type { MaterialResolver, MaterialSpec, ResolvedSpectrum, ResolveOptions } from '../material-spec.ts';

export function resolveSpectrum(resolver: MaterialResolver, spec: MaterialSpec, wavelengths_nm: readonly number[], options: ResolveOptions = {}): ResolvedSpectrum {
  if (resolver.resolveSpectrum !== undefined) return resolver.resolveSpectrum(spec, wavelengths_nm, options);
  const n: number[] = [];
  const k: number[] = [];
  const warnings: string[] = [];
  let source: string | undefined;
  for (const x of wavelengths_nm) {
    const r = resolver.resolve(spec, x, options);
    n.push(r.n);
    k.push(r.k);
    for (const w of r.warnings) if (!warnings.includes(w)) warnings.push(w);
    source ??= r.source;
  }
  return source === undefined ? { n, k, warnings } : { n, k, warnings, source };
}
