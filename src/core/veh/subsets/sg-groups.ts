/**
 * Probe groups of the selection–generation audit (Appendix P): P2 tasks of medium or hard difficulty.
 * Appendix P draws 46 groups from the P2–P4 overlap of its own bank; ours are the eligible P2 tasks,
 * optionally cut to `count` by a fixed hash order of task ids, so the same count always names the
 * same groups and the A, B and C runs can be paired task by task.
 */
import { hashString } from '../../stats/rng.ts';
import { isSgEligible } from '../protocol/sg-forms.ts';
import type { P2Task, VehTask } from '../task-schema.ts';

export function selectSgGroups(tasks: readonly VehTask[], count: number | null = null): P2Task[] {
  const eligible = tasks.filter((t): t is P2Task => t.probe === 'P2' && isSgEligible(t));
  if (count === null || count >= eligible.length) return eligible;
  const keep = new Set(
    [...eligible]
      .sort((a, b) => hashString(`sg-group|${a.task_id}`) - hashString(`sg-group|${b.task_id}`) || (a.task_id < b.task_id ? -1 : 1))
      .slice(0, count)
      .map((t) => t.task_id),
  );
  return eligible.filter((t) => keep.has(t.task_id));
}
