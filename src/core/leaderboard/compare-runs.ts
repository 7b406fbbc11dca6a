/**
 * Two runs of one suite side by side, task by task. Tasks are paired by task_id (a task id names
 * one task of one group — VEH: probe — in the bank, so a pair never mixes groups); tasks only one
 * run attempted are listed apart. Run A is the baseline and run B the challenger: an improvement is
 * a task A fails and B passes, a regression the reverse, and every delta is B − A. Pass verdicts
 * and headline statistics come from the suite's scoring (src/core/suite/scoring.ts).
 *
 * The headline delta per group is a paired percentile bootstrap: resampling paired tasks jointly and
 * recomputing both headlines on the same resample keeps the within-task correlation (both runs find
 * the same tasks hard), so the interval is narrower than two independent intervals would suggest.
 * It recomputes the headline itself (VEH's P1-Composite is not a per-task mean, so a mean of
 * differences would not do); where a headline is a per-task mean the two agree.
 */
import { bootstrapInterval, DEFAULT_RESAMPLES } from '../stats/bootstrap.ts';
import { deriveSeed } from '../stats/rng.ts';
import type { StoredTask, SuiteRow } from '../store/run-store.ts';
import type { AnySuite } from '../suite/contract.ts';

export const PAIR_OUTCOMES = ['improvement', 'regression', 'both_fail', 'both_pass'] as const;
export type PairOutcome = (typeof PAIR_OUTCOMES)[number];

export interface TaskPair {
  task_id: string;
  group: string;
  /** task_index of the task in each run, for links to its transcript. */
  a_index: number;
  b_index: number;
  a_pass: boolean;
  b_pass: boolean;
  a_score: number;
  b_score: number;
  outcome: PairOutcome;
}

export interface HeadlineDelta {
  key: string;
  label: string;
  /** Headline of each run on the paired tasks only (null where undefined, e.g. P1 without some gold action). */
  a: number | null;
  b: number | null;
  /** b − a; null when either headline is undefined. */
  delta: number | null;
  ci_low: number | null;
  ci_high: number | null;
}

export interface GroupComparison {
  group: string;
  pairs: number;
  counts: Record<PairOutcome, number>;
  headline: HeadlineDelta;
}

export interface RunComparison {
  /** Paired tasks in run A's task order. */
  pairs: TaskPair[];
  /** Groups with at least one paired task, in the suite's group order. */
  groups: GroupComparison[];
  /** Task ids attempted by only one of the runs. */
  only_a: string[];
  only_b: string[];
}

export interface CompareOptions {
  /** Seeds the paired bootstrap (the page passes run A's seed, so a comparison is reproducible). */
  seed: number;
  resamples?: number;
}

export function pairOutcome(aPass: boolean, bPass: boolean): PairOutcome {
  if (aPass === bPass) return aPass ? 'both_pass' : 'both_fail';
  return bPass ? 'improvement' : 'regression';
}

export function compareRuns(suite: AnySuite, a: readonly StoredTask[], b: readonly StoredTask[], opts: CompareOptions): RunComparison {
  const { scoring } = suite;
  const bById = new Map<string, StoredTask>();
  for (const t of b) bById.set(t.row.task_id, t);
  const pairs: TaskPair[] = [];
  const rowsA: SuiteRow[] = [];
  const rowsB: SuiteRow[] = [];
  const onlyA: string[] = [];
  for (const ta of a) {
    const tb = bById.get(ta.row.task_id);
    const group = scoring.groupOf(ta.row);
    if (!tb || scoring.groupOf(tb.row) !== group) {
      onlyA.push(ta.row.task_id);
      continue;
    }
    const oa = scoring.outcome(ta.row);
    const ob = scoring.outcome(tb.row);
    pairs.push({
      task_id: ta.row.task_id,
      group,
      a_index: ta.task_index,
      b_index: tb.task_index,
      a_pass: oa.pass,
      b_pass: ob.pass,
      a_score: oa.score,
      b_score: ob.score,
      outcome: pairOutcome(oa.pass, ob.pass),
    });
    rowsA.push(ta.row);
    rowsB.push(tb.row);
  }
  const pairedIds = new Set(pairs.map((p) => p.task_id));
  const onlyB = b.filter((t) => !pairedIds.has(t.row.task_id)).map((t) => t.row.task_id);

  const groups: GroupComparison[] = [];
  for (const group of suite.groups.ids) {
    const idx: number[] = [];
    pairs.forEach((p, i) => {
      if (p.group === group) idx.push(i);
    });
    if (idx.length === 0) continue;
    const counts: Record<PairOutcome, number> = { improvement: 0, regression: 0, both_fail: 0, both_pass: 0 };
    for (const i of idx) counts[(pairs[i] as TaskPair).outcome]++;
    groups.push({
      group,
      pairs: idx.length,
      counts,
      headline: headlineDelta(
        suite,
        group,
        idx.map((i) => rowsA[i] as SuiteRow),
        idx.map((i) => rowsB[i] as SuiteRow),
        opts,
      ),
    });
  }
  return { pairs, groups, only_a: onlyA, only_b: onlyB };
}

/** Paired bootstrap of headline(B) − headline(A) over the group's paired tasks (rowsA[i] ↔ rowsB[i]). */
export function headlineDelta(suite: AnySuite, group: string, rowsA: readonly SuiteRow[], rowsB: readonly SuiteRow[], opts: CompareOptions): HeadlineDelta {
  const headline = suite.groups.headline[group];
  if (!headline) throw new RangeError(`headlineDelta: suite ${suite.descriptor.id} has no group ${group}`);
  const { key, label } = headline;
  const statA = suite.scoring.headlineStatistic(group, rowsA);
  const statB = suite.scoring.headlineStatistic(group, rowsB);
  const all = rowsA.map((_, i) => i);
  const a = statA(all);
  const b = statB(all);
  if (a === null || b === null) return { key, label, a, b, delta: null, ci_low: null, ci_high: null };
  const diff = (idx: readonly number[]): number | null => {
    const x = statA(idx);
    const y = statB(idx);
    return x === null || y === null ? null : y - x;
  };
  const ci = bootstrapInterval(all, diff, {
    seed: deriveSeed(opts.seed, 'compare', group),
    resamples: opts.resamples ?? DEFAULT_RESAMPLES,
  });
  return { key, label, a, b, delta: b - a, ci_low: ci?.low ?? null, ci_high: ci?.high ?? null };
}
