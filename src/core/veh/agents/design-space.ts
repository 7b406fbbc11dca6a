/**
 * The design box in normalised coordinates: each variable maps to [0, 1], on a log scale when its
 * lower bound is positive (the variables span decades, Appendix M) and linearly otherwise (a tip
 * mass bound may start at 0). Random search and CMA-ES both work in these coordinates.
 */
import { DESIGN_VARIABLES, type VehDesign } from '../oracle.ts';
import type { VariableBounds } from '../task-schema.ts';
import { exp, log } from '../../math/det-math.ts';

export class DesignSpace {
  constructor(private readonly bounds: VariableBounds) {}

  private logScale(lo: number, hi: number): boolean {
    return lo > 0 && hi > lo;
  }

  toUnit(d: VehDesign): number[] {
    return DESIGN_VARIABLES.map((v) => {
      const [lo, hi] = this.bounds[v];
      if (hi <= lo) return 0.5;
      const z = this.logScale(lo, hi) ? log(d[v] / lo) / log(hi / lo) : (d[v] - lo) / (hi - lo);
      return Math.min(1, Math.max(0, Number.isFinite(z) ? z : 0));
    });
  }

  /** Clips to the unit box, maps back, and clamps so rounding can never leave the bounds. */
  fromUnit(z: readonly number[]): VehDesign {
    const out = {} as Record<(typeof DESIGN_VARIABLES)[number], number>;
    DESIGN_VARIABLES.forEach((v, i) => {
      const [lo, hi] = this.bounds[v];
      const u = Math.min(1, Math.max(0, z[i] ?? 0.5));
      const x = this.logScale(lo, hi) ? lo * exp(u * log(hi / lo)) : lo + u * (hi - lo);
      out[v] = Math.min(hi, Math.max(lo, x));
    });
    return out;
  }

  /** Uniform in the normalised box (log-uniform per variable where the scale is logarithmic). */
  sample(uniform: () => number): VehDesign {
    return this.fromUnit(DESIGN_VARIABLES.map(() => uniform()));
  }
}
