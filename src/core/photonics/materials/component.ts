/**
 * One optical constant (n or k) of a dataset as a set of pieces, each valid on a closed wavelength
 * interval: a formula over its `wavelength_range`, or a gap-free run of a table. Between pieces and
 * beyond them there is no data, and this module says so instead of extrapolating.
 *
 * Policy for a wavelength with no data (outside the range, or inside a gap): the value at the nearest
 * covered wavelength is used, with a warning, when that wavelength is within EDGE_TOLERANCE (10 %) of
 * the query (λ ≤ 1.1·λ_edge above the data, λ ≥ λ_edge/1.1 below it). Away from resonances a
 * dielectric's n moves by well under 1 % over such a step, so the edge value is a usable first
 * estimate that the warning qualifies. Further out the edge value is misleading (a metal's k grows
 * about ∝ λ: Au's k at 2500 nm is ~30 % above its value at 1937 nm), so that is an error that names
 * the covered range.
 */
import type { Curve } from './curves.ts';
import { formulaIndex } from './formulas.ts';
import { interpolate, splitAtGaps } from './table.ts';

export const EDGE_TOLERANCE = 0.1;

export interface Interval {
  readonly min_nm: number;
  readonly max_nm: number;
}

export interface Piece extends Interval {
  /** The value at λ (nm) inside [min_nm, max_nm]; NaN where a formula has no real index. */
  at(wavelength_nm: number): number;
}

/** How a value was obtained when the wavelength had no data. */
export interface Substitution {
  readonly reason: 'outside' | 'gap';
  /** The covered wavelength whose value was used. */
  readonly edge_nm: number;
  /** The no-data interval the wavelength fell in (for a gap: between two covered intervals). */
  readonly gap?: Interval;
}

export type ComponentValue =
  | { readonly ok: true; readonly value: number; readonly substitution?: Substitution }
  | { readonly ok: false; readonly substitution: Substitution; readonly factor: number };

export interface Component {
  readonly pieces: readonly Piece[];
  /** Union of the pieces' intervals, sorted, overlapping ones merged. */
  readonly coverage: readonly Interval[];
}

export function buildComponent(curves: readonly Curve[]): Component {
  const pieces: Piece[] = [];
  for (const curve of curves) {
    if (curve.kind === 'formula') {
      const { formula, coefficients } = curve;
      pieces.push({ min_nm: curve.min_nm, max_nm: curve.max_nm, at: (x) => formulaIndex(formula, coefficients, x / 1000) });
    } else {
      const { wavelength_nm, values } = curve;
      for (const run of splitAtGaps(wavelength_nm)) {
        pieces.push({
          min_nm: wavelength_nm[run.first] as number,
          max_nm: wavelength_nm[run.last] as number,
          at: (x) => interpolate(wavelength_nm, values, run, x),
        });
      }
    }
  }
  return { pieces, coverage: mergeIntervals(pieces) };
}

export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.min_nm - b.min_nm);
  const merged: { min_nm: number; max_nm: number }[] = [];
  for (const iv of sorted) {
    const last = merged[merged.length - 1];
    if (last !== undefined && iv.min_nm <= last.max_nm) last.max_nm = Math.max(last.max_nm, iv.max_nm);
    else merged.push({ min_nm: iv.min_nm, max_nm: iv.max_nm });
  }
  return merged;
}

/** The component at λ: from the first piece (in file order) that covers it, else per the edge policy. */
export function evaluateComponent(component: Component, wavelength_nm: number): ComponentValue {
  const direct = component.pieces.find((p) => p.min_nm <= wavelength_nm && wavelength_nm <= p.max_nm);
  if (direct !== undefined) return { ok: true, value: direct.at(wavelength_nm) };
  const substitution = nearestEdge(component.coverage, wavelength_nm);
  const factor = Math.max(wavelength_nm / substitution.edge_nm, substitution.edge_nm / wavelength_nm);
  if (factor > 1 + EDGE_TOLERANCE) return { ok: false, substitution, factor };
  const piece = component.pieces.find((p) => p.min_nm <= substitution.edge_nm && substitution.edge_nm <= p.max_nm) as Piece;
  return { ok: true, value: piece.at(substitution.edge_nm), substitution };
}

function nearestEdge(coverage: readonly Interval[], x: number): Substitution {
  const first = coverage[0] as Interval;
  const last = coverage[coverage.length - 1] as Interval;
  if (x < first.min_nm) return { reason: 'outside', edge_nm: first.min_nm };
  if (x > last.max_nm) return { reason: 'outside', edge_nm: last.max_nm };
  for (let i = 0; i + 1 < coverage.length; i++) {
    const a = (coverage[i] as Interval).max_nm;
    const b = (coverage[i + 1] as Interval).min_nm;
    if (a < x && x < b) {
      // The nearer edge in ratio, matching the tolerance test.
      const edge_nm = x / a <= b / x ? a : b;
      return { reason: 'gap', edge_nm, gap: { min_nm: a, max_nm: b } };
    }
  }
  throw new Error(`internal: ${x} nm is neither covered nor outside the coverage`);
}
