import { describe, expect, it } from 'vitest';
import { createRng } from '../../stats/rng.ts';
import { kendallTauB } from '../../stats/kendall.ts';
import { p4ErrorFamilies } from './error-families.ts';
import { p4Metrics, summariseP4 } from './p4.ts';
import { p4Row } from './test-utils.ts';

const OPTS = { seed: 4, resamples: 300 };
const ORACLE = ['A', 'B', 'C', 'D', 'E'];

/**
 * R1 exact (balanced-active). R2 swaps A↔B and D↔E (balanced-active). R3 moves C to the front.
 * R4 fails to parse (and tried to modify a candidate).
 */
function fourRows() {
  return [
    p4Row({ oracle: ORACLE, predicted: ['A', 'B', 'C', 'D', 'E'], balancedActive: true, policyPairs: [['B', 'C'], ['D', 'E']], paretoPairs: [['A', 'E']] }),
    p4Row({ oracle: ORACLE, predicted: ['B', 'A', 'C', 'E', 'D'], balancedActive: true, policyPairs: [['A', 'B'], ['C', 'D']], paretoPairs: [['A', 'E'], ['D', 'E']] }),
    p4Row({ oracle: ORACLE, predicted: ['C', 'A', 'B', 'D', 'E'], policyPairs: [['A', 'C']] }),
    p4Row({ oracle: ORACLE, predicted: null, policyPairs: [['A', 'B']], paretoPairs: [['A', 'B']], modified: true }),
  ];
}

describe('P4 metrics on a hand-made log', () => {
  const rows = fourRows();
  const s = rows.map(summariseP4);
  const m = { ...p4Metrics(s, OPTS), ...p4ErrorFamilies(s, OPTS) };
  const v = (k: string) => m[k]?.value;

  it('per-row τ: two discordant pairs of ten give (8 − 2)/10 = 0.6; a parse failure gives 0', () => {
    expect(s.map((r) => r.tau)).toEqual([1, 0.6, 0.6, 0]);
    expect(v('kendall_tau')).toBeCloseTo((1 + 0.6 + 0.6 + 0) / 4, 14);
  });

  it('exact, top-1, unordered top-2 and pairwise accuracy', () => {
    expect(v('exact_match')).toBe(1 / 4); // R1
    expect(v('top1')).toBe(1 / 4); // R1
    expect(v('top2')).toBe(2 / 4); // R1, and R2's {B, A} = {A, B}; R3's {C, A} is not
    expect(v('pairwise_accuracy')).toBeCloseTo((1 + 0.8 + 0.8 + 0) / 4, 14);
    expect(v('top_choice_miss')).toBe(3 / 4);
  });

  it('Pareto τ, policy-pair accuracy and dominance error', () => {
    // Per row (C − D)/|pairs|: R1 1/1; R2 (A>E ✓, D>E ✗) → 0; R3 has no pairs (skipped); R4 parse
    // failure → 0. Mean over three rows = 1/3.
    expect(v('pareto_tau')).toBeCloseTo(1 / 3, 14);
    // Policy-sensitive pairs pooled: R1 2/2, R2 1/2 (A,B swapped), R3 0/1, R4 0/1 → 3/6.
    expect(v('policy_pair_accuracy')).toBeCloseTo(0.5, 14);
    expect(v('policy_mismatch')).toBeCloseTo(0.5, 14);
    // Pareto pairs of parsed rows: R1 1 + R2 2 = 3, one against dominance (D below E).
    expect(v('dominance_error')).toBeCloseTo(1 / 3, 14);
  });

  it('BARS on the balanced-active subset only', () => {
    // BA = {R1, R2}: τ_BA = (1 + 0.6)/2 = 0.8; PairAcc_BA = (2 + 1)/4 = 0.75; Exact_BA = 1/2.
    // BARS = 0.55·0.8 + 0.25·0.75 + 0.20·0.5 = 0.44 + 0.1875 + 0.1 = 0.7275.
    expect(v('bars')).toBeCloseTo(0.7275, 14);
    expect(m.bars?.n).toBe(2);
  });

  it('parse failures and candidate modification', () => {
    expect(v('parse_failure_rate')).toBe(1 / 4);
    expect(v('violation_rate')).toBe(1 / 4);
  });

  it('BARS is undefined without balanced-active rows', () => {
    const m2 = p4Metrics(rows.filter((r) => !r.balanced_active).map(summariseP4), OPTS);
    expect(m2.bars).toMatchObject({ value: null, method: 'none' });
  });

  it('a non-permutation prediction is treated as a parse failure', () => {
    const s = summariseP4(p4Row({ oracle: ORACLE, predicted: ['A', 'A', 'C', 'D', 'E'] }));
    expect(s.parsed).toBe(false);
    expect(s.tau).toBe(0);
  });
});

describe('τb with ties (policy scores can tie even though rankings cannot)', () => {
  it('two oracle candidates tied on score against a strict predicted order', () => {
    // Oracle scores [3, 2, 2, 1] (B and C tied), predicted ranks [1, 2, 3, 4] read as scores [4, 3, 2, 1].
    // Pairs: 5 concordant, 0 discordant, 1 tied in oracle → τb = 5/√(5·6) = 0.9128709…
    expect(kendallTauB([3, 2, 2, 1], [4, 3, 2, 1])).toBeCloseTo(5 / Math.sqrt(30), 14);
  });
});

describe('uniform random rankings (Table 16 chance floor)', () => {
  it('2000 random permutations of five: E[τ] ≈ 0, top-1 ≈ 20 %, exact ≈ 1/120', () => {
    // Standard errors over 2000 rows: τ sd = √(2(2n+5)/(9n(n−1))) = √(1/6) → 0.0091; top-1 √(0.16/2000)
    // = 0.0089; exact √((1/120)(119/120)/2000) = 0.0020. Tolerances are about 3.3 SE (3 SE for exact).
    const rng = createRng(2024);
    const rows = Array.from({ length: 2000 }, () => p4Row({ oracle: ORACLE, predicted: rng.shuffle(ORACLE) }));
    const m = p4Metrics(rows.map(summariseP4), { seed: 5, resamples: 200 });
    expect(Math.abs(m.kendall_tau?.value as number)).toBeLessThan(0.03);
    expect(Math.abs((m.top1?.value as number) - 0.2)).toBeLessThan(0.03);
    expect(Math.abs((m.exact_match?.value as number) - 1 / 120)).toBeLessThan(0.006);
    // Top-2 set matches with probability 1/C(5,2) = 1/10 (SE 0.0067); pairwise accuracy = (τ + 1)/2 ≈ 0.5.
    expect(Math.abs((m.top2?.value as number) - 0.1)).toBeLessThan(0.025);
    expect(Math.abs((m.pairwise_accuracy?.value as number) - 0.5)).toBeLessThan(0.015);
  });
});
