/**
 * A replay graded by its task's hidden rubric: deterministic leaves by the task's own checks over
 * the regenerated evidence, interpretive leaves by the judge's verdicts when there are any (else
 * null: not judged, reported as coverage, never zero).
 */
import type { ReplayOutcome } from './replay.ts';
import { gradeRubric, type LeafGrade, type RubricResult } from './rubric.ts';
import type { ReproductionTaskDefinition } from './task.ts';

export function gradeReplay(def: ReproductionTaskDefinition, replay: ReplayOutcome, judged: Readonly<Record<string, LeafGrade>> = {}): RubricResult {
  return gradeRubric(def.rubric, (leaf) => (leaf.kind === 'interpretive' ? (judged[leaf.id] ?? null) : def.grade(leaf, replay)));
}

/** Leaf id → score (null: not judged), for tables and fixture tests. */
export function leafScores(result: RubricResult): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  const walk = (n: RubricResult['tree']): void => {
    if (!n.children) out[n.id] = n.score;
    n.children?.forEach(walk);
  };
  walk(result.tree);
  return out;
}
