/**
 * The nine dispersion formulas of the refractiveindex.info database, as its document "Dispersion
 * formulas" (database/doc/Dispersion formulas.pdf) defines them. λ is the vacuum wavelength in µm and
 * C1…C17 are the `coefficients` of a DATA entry, in order; coefficients a file leaves out are zero.
 *
 *   1 Sellmeier            n² − 1 = C1 + Σ C(2i) λ² / (λ² − C(2i+1)²)                 i = 1…8
 *   2 Sellmeier-2          n² − 1 = C1 + Σ C(2i) λ² / (λ² − C(2i+1))                   i = 1…8
 *   3 polynomial           n² = C1 + Σ C(2i) λ^C(2i+1)                                 i = 1…8
 *   4 RefractiveIndex.INFO n² = C1 + C2 λ^C3 / (λ² − C4^C5) + C6 λ^C7 / (λ² − C8^C9)
 *                               + C10 λ^C11 + C12 λ^C13 + C14 λ^C15 + C16 λ^C17
 *   5 Cauchy               n = C1 + Σ C(2i) λ^C(2i+1)                                  i = 1…8
 *   6 gases                n − 1 = C1 + Σ C(2i) / (C(2i+1) − λ⁻²)                      i = 1…8
 *   7 Herzberger           n = C1 + C2 / (λ² − 0.028) + C3 / (λ² − 0.028)² + C4 λ² + C5 λ⁴ + C6 λ⁶
 *   8 retro                (n² − 1) / (n² + 2) = C1 + C2 λ² / (λ² − C3) + C4 λ²
 *   9 exotic               n² = C1 + C2 / (λ² − C3) + C4 (λ − C5) / ((λ − C5)² + C6)
 *
 * A term whose amplitude is zero is skipped, so a padded zero pole (0·λ^0/(λ² − 0^0)) never turns
 * into 0/0 at λ = 1 µm.
 */

export type FormulaNumber = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

export const FORMULA_NAMES: Readonly<Record<FormulaNumber, string>> = {
  1: 'Sellmeier',
  2: 'Sellmeier-2',
  3: 'polynomial',
  4: 'RefractiveIndex.INFO',
  5: 'Cauchy',
  6: 'gases',
  7: 'Herzberger',
  8: 'retro',
  9: 'exotic',
};

/** Formulas written as C1 followed by (amplitude, pole-or-exponent) pairs: an odd count. */
const PAIR_FORMULAS: readonly FormulaNumber[] = [1, 2, 3, 5, 6];
const MAX_COEFFICIENTS: Readonly<Record<FormulaNumber, number>> = { 1: 17, 2: 17, 3: 17, 4: 17, 5: 17, 6: 17, 7: 6, 8: 4, 9: 6 };

export function isFormulaNumber(x: number): x is FormulaNumber {
  return Number.isInteger(x) && x >= 1 && x <= 9;
}

/** What is wrong with a coefficient list for `formula`, or null when it is usable. */
export function coefficientProblem(formula: FormulaNumber, c: readonly number[]): string | null {
  const max = MAX_COEFFICIENTS[formula];
  if (c.length === 0) return `formula ${formula} (${FORMULA_NAMES[formula]}) needs at least one coefficient`;
  if (c.length > max) return `formula ${formula} (${FORMULA_NAMES[formula]}) takes at most ${max} coefficients, got ${c.length}`;
  if (PAIR_FORMULAS.includes(formula) && c.length % 2 === 0) {
    return `formula ${formula} (${FORMULA_NAMES[formula]}) takes C1 followed by pairs of coefficients (an odd count), got ${c.length}`;
  }
  return null;
}

/** Coefficient i (1-based, as the database numbers them); missing ones are zero. */
const C = (c: readonly number[], i: number): number => c[i - 1] ?? 0;

/**
 * The real refractive index n at `lambda_um` (µm). Returns NaN where the formula has no real index
 * (n² < 0, a pole); callers turn that into a MaterialError naming the dataset.
 */
export function formulaIndex(formula: FormulaNumber, c: readonly number[], lambda_um: number): number {
  const l = lambda_um;
  const l2 = l * l;
  switch (formula) {
    case 1:
    case 2: {
      let rhs = C(c, 1);
      for (let i = 2; i <= c.length; i += 2) {
        const b = C(c, i);
        if (b === 0) continue;
        const pole = formula === 1 ? C(c, i + 1) ** 2 : C(c, i + 1);
        rhs += (b * l2) / (l2 - pole);
      }
      return sqrtReal(rhs + 1);
    }
    case 3:
      return sqrtReal(C(c, 1) + powerSeries(c, l, 2));
    case 4: {
      let n2 = C(c, 1);
      for (const i of [2, 6]) {
        const a = C(c, i);
        if (a !== 0) n2 += (a * l ** C(c, i + 1)) / (l2 - C(c, i + 2) ** C(c, i + 3));
      }
      for (let i = 10; i <= c.length; i += 2) {
        const a = C(c, i);
        if (a !== 0) n2 += a * l ** C(c, i + 1);
      }
      return sqrtReal(n2);
    }
    case 5:
      return C(c, 1) + powerSeries(c, l, 2);
    case 6: {
      let n = 1 + C(c, 1);
      for (let i = 2; i <= c.length; i += 2) {
        const a = C(c, i);
        if (a !== 0) n += a / (C(c, i + 1) - 1 / l2);
      }
      return n;
    }
    case 7: {
      const L = 1 / (l2 - 0.028);
      return C(c, 1) + C(c, 2) * L + C(c, 3) * L * L + C(c, 4) * l2 + C(c, 5) * l2 * l2 + C(c, 6) * l2 * l2 * l2;
    }
    case 8: {
      let r = C(c, 1) + C(c, 4) * l2;
      if (C(c, 2) !== 0) r += (C(c, 2) * l2) / (l2 - C(c, 3));
      // (n² − 1)/(n² + 2) = r  ⇒  n² = (1 + 2r)/(1 − r)
      return sqrtReal((1 + 2 * r) / (1 - r));
    }
    case 9: {
      let n2 = C(c, 1);
      if (C(c, 2) !== 0) n2 += C(c, 2) / (l2 - C(c, 3));
      const d = l - C(c, 5);
      if (C(c, 4) !== 0) n2 += (C(c, 4) * d) / (d * d + C(c, 6));
      return sqrtReal(n2);
    }
  }
}

/** Σ C(2i) λ^C(2i+1) over the pairs starting at coefficient `from`. */
function powerSeries(c: readonly number[], l: number, from: number): number {
  let s = 0;
  for (let i = from; i <= c.length; i += 2) {
    const a = C(c, i);
    if (a !== 0) s += a * l ** C(c, i + 1);
  }
  return s;
}

const sqrtReal = (x: number): number => (x >= 0 ? Math.sqrt(x) : NaN);
