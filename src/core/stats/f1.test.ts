import { describe, expect, it } from 'vitest';
import { classScores, macroF1 } from './f1.ts';

type L = 'a' | 'b' | 'c';
const CLASSES: readonly L[] = ['a', 'b', 'c'];

describe('classScores / macroF1', () => {
  it('hand-worked three-class example with a never-predicted class and a parse failure', () => {
    const gold: L[] = ['a', 'a', 'a', 'b', 'b', 'c'];
    const pred: (L | null)[] = ['a', 'a', 'b', 'b', 'a', null];
    // a: TP=2, predicted 3, support 3 → P=2/3, R=2/3, F1=2/3.
    // b: TP=1, predicted 2, support 2 → P=1/2, R=1/2, F1=1/2.
    // c: never predicted (the null is a parse failure) → P=0 (0/0), R=0 → F1=0.
    const s = classScores(gold, pred, CLASSES);
    expect(s.a.f1).toBeCloseTo(2 / 3, 14);
    expect(s.b.precision).toBeCloseTo(0.5, 14);
    expect(s.c).toEqual({ truePositives: 0, predicted: 0, support: 1, precision: 0, recall: 0, f1: 0 });
    // macro = (2/3 + 1/2 + 0)/3 = 7/18.
    expect(macroF1(gold, pred, CLASSES)).toBeCloseTo(7 / 18, 14);
  });

  it('a class absent from gold but predicted scores 0, as does one absent from both', () => {
    const s = classScores<L>(['a', 'a'], ['a', 'b'], CLASSES);
    expect(s.b).toMatchObject({ precision: 0, recall: 0, f1: 0, support: 0, predicted: 1 });
    expect(s.c.f1).toBe(0);
    // a: P=1, R=1/2 → F1 = 2/3; macro over the three classes = (2/3)/3.
    expect(macroF1<L>(['a', 'a'], ['a', 'b'], CLASSES)).toBeCloseTo(2 / 9, 14);
  });

  it('perfect predictions give macro-F1 1; no classes gives null', () => {
    expect(macroF1<L>(['a', 'b', 'c'], ['a', 'b', 'c'], CLASSES)).toBe(1);
    expect(macroF1<L>(['a'], ['a'], [])).toBeNull();
  });
});
