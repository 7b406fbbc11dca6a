/**
 * A component's scattering matrix at one wavelength: s[i][j] is the complex amplitude leaving port i
 * for unit amplitude entering port j (power |s|²). Phase convention: fields ∝ e^{−iωt}, so
 * propagation over L multiplies by e^{+iβL}; a symmetric coupler's cross term is +iκ.
 */
import { ZERO, type Complex } from '../complex.ts';
import { zeros, type CMatrix } from './cmatrix.ts';

export interface SMatrix {
  readonly ports: readonly string[];
  readonly s: CMatrix;
}

/**
 * A reciprocal, reflection-free S-matrix from its transfers: each [a, b, value] sets both
 * s[b][a] and s[a][b] (reciprocity, S = Sᵀ, holds for every passive component built here).
 */
export function reciprocal(ports: readonly string[], transfers: readonly (readonly [string, string, Complex])[]): SMatrix {
  const index = new Map(ports.map((p, i) => [p, i]));
  const s = zeros(ports.length, ports.length);
  for (const [a, b, value] of transfers) {
    const i = index.get(a);
    const j = index.get(b);
    if (i === undefined || j === undefined) throw new Error(`internal: port ${a} or ${b} not in [${ports.join(', ')}]`);
    s[j]![i] = value;
    s[i]![j] = value;
  }
  return { ports, s };
}

/** Element by port names (zero when the ports are not coupled). */
export function transfer(m: SMatrix, to: string, from: string): Complex {
  return m.s[m.ports.indexOf(to)]?.[m.ports.indexOf(from)] ?? ZERO;
}
