/**
 * The stratified P3 intervention subset of Appendix D (Table 11). Strata are split × source_p2_subtype.
 * Rule: draw three tasks from every observed stratum, then top each split up to twelve tasks from
 * what is left in that split. The paper does not say how the top-up picks among strata; we take each
 * top-up task from the split's stratum with the most tasks left (ties: stratum name), which is the
 * reading that gives Table 11's test_ood composition (projected_boundary 3, projected_resonance 9)
 * from the bank's 18/34. Within a stratum tasks are drawn in a seeded shuffle of task-id order, so the
 * subset depends only on the bank and the seed, never on the order the tasks were passed in.
 */
import { z } from 'zod';
import { createRng, deriveSeed } from '../../stats/rng.ts';
import type { P3Task, VehTask } from '../task-schema.ts';

export const SUBSET_IDS = ['appendix_d'] as const;
export const SubsetIdSchema = z.enum(SUBSET_IDS);
export type SubsetId = z.infer<typeof SubsetIdSchema>;

export const APPENDIX_D_PER_STRATUM = 3;
export const APPENDIX_D_PER_SPLIT = 12;
/** Frozen selection seed (the audits' seed 42), independent of the run seed so paired runs share the subset. */
export const APPENDIX_D_SEED = 42;

const byId = (a: { task_id: string }, b: { task_id: string }): number => (a.task_id < b.task_id ? -1 : a.task_id > b.task_id ? 1 : 0);

/** The Appendix D subset of the P3 tasks among `tasks` (other probes are ignored), in task-id order. */
export function appendixDSubset(tasks: readonly VehTask[], seed = APPENDIX_D_SEED): P3Task[] {
  const p3 = tasks.filter((t): t is P3Task => t.probe === 'P3');
  const splits = new Map<string, Map<string, P3Task[]>>();
  for (const t of [...p3].sort(byId)) {
    const strata = splits.get(t.split) ?? new Map<string, P3Task[]>();
    splits.set(t.split, strata);
    const list = strata.get(t.source_p2_subtype) ?? [];
    strata.set(t.source_p2_subtype, list);
    list.push(t);
  }
  const chosen: P3Task[] = [];
  for (const [split, strata] of [...splits].sort(([a], [b]) => a.localeCompare(b))) {
    // Each stratum's draw order: a seeded shuffle, so "draw" means taking from the front.
    const left = new Map([...strata].map(([sub, list]) => [sub, createRng(deriveSeed(seed, 'appendix-d', split, sub)).shuffle(list)]));
    const inSplit: P3Task[] = [];
    for (const list of left.values()) inSplit.push(...list.splice(0, APPENDIX_D_PER_STRATUM));
    while (inSplit.length < APPENDIX_D_PER_SPLIT) {
      const largest = [...left].filter(([, l]) => l.length > 0).sort(([a, la], [b, lb]) => lb.length - la.length || a.localeCompare(b))[0];
      if (!largest) break;
      inSplit.push(...largest[1].splice(0, 1));
    }
    chosen.push(...inSplit);
  }
  return chosen.sort(byId);
}

/** Applies a subset rule to a task list (keeping only the subset's tasks, in the list's order). */
export function applySubset(tasks: readonly VehTask[], subset: SubsetId, seed = APPENDIX_D_SEED): VehTask[] {
  const members = subset === 'appendix_d' ? appendixDSubset(tasks, seed) : [];
  const ids = new Set(members.map((t) => t.task_id));
  return tasks.filter((t) => ids.has(t.task_id));
}
