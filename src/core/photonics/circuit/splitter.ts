/**
 * 1×N splitter: input port `in`, outputs out1 … outN, each with amplitude √p_k e^{iφ_k}; reciprocal
 * and reflection-free. Its S†S has eigenvalue Σ p_k (with multiplicity 2), so it is passive only
 * when the output fractions sum to at most 1 — a lossless "70 % + 70 %" splitter is not.
 */
import { fromPolar } from '../complex.ts';
import { reciprocal, type SMatrix } from './smatrix.ts';

export interface SplitterOutput {
  readonly power_fraction: number;
  readonly phase_deg: number;
}

export const splitterPorts = (n: number): string[] => ['in', ...Array.from({ length: n }, (_, i) => `out${i + 1}`)];

export function splitterS(outputs: readonly SplitterOutput[]): SMatrix {
  return reciprocal(
    splitterPorts(outputs.length),
    outputs.map((o, i) => ['in', `out${i + 1}`, fromPolar(Math.sqrt(o.power_fraction), (o.phase_deg * Math.PI) / 180)] as const),
  );
}
