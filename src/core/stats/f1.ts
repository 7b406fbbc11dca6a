/**
 * Per-class precision / recall / F1 and macro-F1 (paper eq. A-23). Conventions: a 0/0 precision or
 * recall is 0, and F1 = 0 when precision + recall = 0 (as the paper states), so a class that is never
 * predicted, or never gold, scores F1 = 0 instead of being silently dropped. A null prediction (parse
 * failure) is a prediction of no class: it lowers the recall of its gold class and nothing else.
 */

export interface ClassScore {
  /** |gold = c ∧ predicted = c| */
  truePositives: number;
  /** |predicted = c| */
  predicted: number;
  /** |gold = c| */
  support: number;
  precision: number;
  recall: number;
  f1: number;
}

const ratio = (num: number, den: number): number => (den === 0 ? 0 : num / den);

export function classScores<C extends string>(
  gold: readonly C[],
  predicted: readonly (C | null)[],
  classes: readonly C[],
): Record<C, ClassScore> {
  if (gold.length !== predicted.length) throw new RangeError(`classScores: lengths differ (${gold.length} vs ${predicted.length})`);
  const out = {} as Record<C, ClassScore>;
  for (const c of classes) {
    let tp = 0;
    let pred = 0;
    let support = 0;
    for (let i = 0; i < gold.length; i++) {
      const g = gold[i];
      const p = predicted[i];
      if (g === c) support++;
      if (p === c) pred++;
      if (g === c && p === c) tp++;
    }
    const precision = ratio(tp, pred);
    const recall = ratio(tp, support);
    const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
    out[c] = { truePositives: tp, predicted: pred, support, precision, recall, f1 };
  }
  return out;
}

/** Unweighted mean of the per-class F1 over `classes` (null when `classes` is empty). */
export function macroF1<C extends string>(gold: readonly C[], predicted: readonly (C | null)[], classes: readonly C[]): number | null {
  if (classes.length === 0) return null;
  const scores = classScores(gold, predicted, classes);
  let sum = 0;
  for (const c of classes) sum += scores[c].f1;
  return sum / classes.length;
}
