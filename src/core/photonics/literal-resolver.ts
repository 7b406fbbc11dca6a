/**
 * A resolver that accepts only literal {n, k} indices. Solvers' unit tests use it so they do not
 * depend on the material library; the library's resolver applies the same gain rule.
 */
import { MaterialError, type MaterialResolver, type MaterialSpec, type ResolveOptions, type ResolvedIndex } from './material-spec.ts';

export function gainError(k: number): MaterialError {
  return new MaterialError(
    `k = ${k} < 0 describes gain in this project's convention (N = n + ik, fields ∝ e^{−iωt}, k > 0 absorbs). ` +
      `If the value comes from an e^{+jωt} source written n − jk, flip the sign of k; if you really mean a gain medium, set "allow_gain": true in the problem.`,
  );
}

export function resolveLiteral(spec: MaterialSpec, options: ResolveOptions = {}): ResolvedIndex {
  if (typeof spec === 'string') throw new MaterialError(`"${spec}" is a library name; this resolver takes only literal {"n", "k"} indices`);
  if (!('n' in spec) || !('k' in spec)) throw new MaterialError('this resolver takes only literal {"n", "k"} indices');
  if (spec.k < 0 && options.allowGain !== true) throw gainError(spec.k);
  return { n: spec.n, k: spec.k, warnings: [] };
}

export const literalResolver: MaterialResolver = {
  resolve: (spec, _wavelength_nm, options) => resolveLiteral(spec, options),
};
