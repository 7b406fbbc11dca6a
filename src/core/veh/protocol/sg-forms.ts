/**
 * Selection–generation isomorphism audit (Appendix P): one probe group, three matched answer forms.
 * A group is built from a P2 bank task at run time, deterministically, so the bank stays as shipped.
 * - Screening: SCREEN_COUNT designs drawn around a hidden centre that is itself a random offset of
 *   the task's best-known-feasible (BKF) design; every variable is scaled by exp(σ·z) and printed at
 *   four significant digits. The harness evaluates them all.
 * - Gold: the first feasible draw. It is then statistically just another draw: no candidate can be
 *   singled out as the one the others were perturbed from, or by rounder or longer numbers. When no
 *   draw is feasible (the BKF sits on a thin sliver), the BKF itself is the gold, printed at the
 *   fewest significant digits (4 up to exact) at which it stays feasible.
 * - A-selection: the gold and the first (up to) four infeasible draws, shuffled by task id.
 * - B-generation: the least-violating of those distractors is the near-feasible seed to repair.
 * - C-completion: the gold with two variables masked (chosen by task id).
 * All three forms rest on the same oracle facts: the same task context and gold design, and the
 * seed is one of the pool's distractors.
 */
import { z } from 'zod';
import { DESIGN_VARIABLES, type DesignVariable, type Limits, type OracleResult, type VehDesign } from '../oracle.ts';
import type { VehRow } from '../rows.ts';
import { createRng, hashString } from '../../stats/rng.ts';
import { exp, normalFrom } from '../../math/det-math.ts';
import type { P2Task } from '../task-schema.ts';
import { totalViolation } from '../violation.ts';

export const SG_FORMS = ['A', 'B', 'C'] as const;
export const SgFormSchema = z.enum(SG_FORMS);
export type SgForm = z.infer<typeof SgFormSchema>;

export const SG_FORM_NAMES: Readonly<Record<SgForm, string>> = {
  A: 'selection (pick the one feasible design of five)',
  B: 'generation (repair a near-feasible seed into a feasible design)',
  C: 'completion (fill in two masked variables of a feasible design)',
};

export const SG_POOL_SIZE = 5;
export const SG_MASKED_COUNT = 2;
/**
 * Draws screened per group and their log-scale spread (about ±4 % per variable). On the shipped bank
 * 149 of the 156 medium/hard P2 tasks get a feasible draw and every one at least four infeasible ones.
 */
export const SCREEN_COUNT = 32;
export const SCREEN_LOG_SIGMA = 0.04;
export const DRAW_DIGITS = 4;
/** Significant digits tried for the fallback gold (the BKF), fewest first; 17 is exact for doubles. */
export const GOLD_PRECISIONS: readonly number[] = [4, 5, 6, 7, 8, 9, 10, 12, 17];

/** Difficulties eligible as probe groups (Appendix P uses the hard/medium part of the bank). */
export const SG_DIFFICULTIES: readonly string[] = ['medium', 'hard'];

const clamp = (x: number, [lo, hi]: readonly [number, number]): number => Math.min(hi, Math.max(lo, x));
const printed = (x: number, digits: number): number => Number(x.toPrecision(digits));

const sameDesign = (a: VehDesign, b: VehDesign): boolean => DESIGN_VARIABLES.every((v) => a[v] === b[v]);

/** The BKF design printed at `digits` significant digits, kept inside the bounds (the fallback gold). */
export function bkfAt(task: P2Task, digits: number): VehDesign {
  const g = task.reference.bkf.design;
  const out = { ...g };
  for (const v of DESIGN_VARIABLES) out[v] = clamp(printed(g[v], digits), task.variable_bounds[v]);
  return out;
}

/** The designs the harness screens for a task (duplicates dropped). Deterministic in the task id. */
export function screeningDesigns(task: P2Task): VehDesign[] {
  const rng = createRng(hashString(`sg-group|${task.task_id}`));
  const g = task.reference.bkf.design;
  const centre = { ...g };
  // Deterministic math: the harness's screening is replayed by verify, in Node and in the page.
  const normal = (): number => normalFrom(rng.next);
  for (const v of DESIGN_VARIABLES) centre[v] = g[v] * exp(SCREEN_LOG_SIGMA * normal());
  const out: VehDesign[] = [];
  for (let i = 0; i < SCREEN_COUNT; i++) {
    const d = { ...centre };
    for (const v of DESIGN_VARIABLES) d[v] = clamp(printed(centre[v] * exp(SCREEN_LOG_SIGMA * normal()), DRAW_DIGITS), task.variable_bounds[v]);
    if (!out.some((o) => sameDesign(o, d))) out.push(d);
  }
  return out;
}

export interface SgCandidate {
  id: string;
  design: VehDesign;
}

export interface SgGroup {
  /** The P2 task the group was built from (the rows' task_id). */
  group_id: string;
  /** Where the gold came from: a feasible draw, or the BKF fallback. */
  gold_source: 'draw' | 'bkf';
  gold: VehDesign;
  /** A-selection pool, shuffled; exactly one member (correct_id) is the gold design. */
  pool: SgCandidate[];
  correct_id: string;
  /** B-generation seed: the least-violating distractor of the pool (else the task's initial design). */
  seed: VehDesign;
  /** C-completion: the variables hidden from the gold design. */
  masked: DesignVariable[];
}

/** True when no screened draw is feasible, so the episode must find the fallback gold (bkfAt). */
export const needsFallbackGold = (results: readonly OracleResult[]): boolean => !results.some((r) => r.feasible);

/**
 * Builds the group from the screening results (`results[i]` is the oracle's answer for
 * screeningDesigns(task)[i]) and, when no draw is feasible, the fallback gold. Pure.
 */
export function buildSgGroup(task: P2Task, results: readonly OracleResult[], limits: Limits, fallbackGold: VehDesign | null = null): SgGroup {
  const designs = screeningDesigns(task);
  if (results.length !== designs.length) throw new Error(`SG screening: ${designs.length} designs but ${results.length} results`);
  const screened = designs.map((design, index) => ({ design, result: results[index] as OracleResult }));
  const drawn = screened.find((s) => s.result.feasible)?.design;
  const gold = drawn ?? fallbackGold;
  if (!gold) throw new Error(`SG group ${task.task_id}: no feasible draw and no fallback gold`);
  const distractors = screened.filter((s) => !s.result.feasible).slice(0, SG_POOL_SIZE - 1);
  const seed = [...distractors].sort((a, b) => totalViolation(a.result, limits) - totalViolation(b.result, limits))[0]?.design ?? task.initial_design;
  // A stream of its own for the shuffle and the mask, independent of the screening draws.
  const rng = createRng(hashString(`sg-pool|${task.task_id}`));
  const pool = rng.shuffle([gold, ...distractors.map((d) => d.design)]).map((design, i) => ({ id: `cand_${i + 1}`, design }));
  const correct = pool.find((c) => c.design === gold) as SgCandidate;
  const masked = rng.shuffle(DESIGN_VARIABLES).slice(0, SG_MASKED_COUNT);
  return {
    group_id: task.task_id,
    gold_source: drawn ? 'draw' : 'bkf',
    gold,
    pool,
    correct_id: correct.id,
    seed,
    masked: DESIGN_VARIABLES.filter((v) => masked.includes(v)),
  };
}

/** Tasks that can form probe groups: P2, medium or hard. */
export function isSgEligible(task: { probe: string; difficulty: string }): boolean {
  return task.probe === 'P2' && SG_DIFFICULTIES.includes(task.difficulty);
}

/**
 * SG success of a row from an SG run: the final state (the picked, generated or completed design,
 * evaluated by the oracle) is feasible. A parse failure or an unusable answer leaves the infeasible
 * seed as final, so it counts as a failure. null for rows that are not P2 rows.
 */
export function sgSuccess(row: VehRow): boolean | null {
  if (row.probe !== 'P2') return null;
  return row.final.result.feasible && row.steps.some((s) => s.protocol_valid && s.state !== null);
}
