/**
 * The hidden hierarchical rubric of a reproduction task (seed 003; issue 19) and how a graded tree
 * becomes a task score. A node has an id, a weight among its siblings, a stage (Modeling, Execution,
 * Validation) and either sub-tasks or a leaf check; a `gate` node that scores below 1 zeroes its
 * siblings (a workflow that never ran cannot earn its validation credit). Effective leaf
 * weights are the product of the normalised sibling weights along the path, so they sum to 1. A
 * gate is judged first, so every sibling it closes shows which gate closed it.
 *
 * Leaves are graded elsewhere (deterministic checks over the replay record, or the user's LLM
 * judge for interpretive leaves); a leaf that could not be judged (no endpoint) is `null`: it is
 * left out of the score's denominator and reported as coverage, never scored zero.
 */
import { z } from 'zod';

export const STAGES = ['modeling', 'execution', 'validation'] as const;
export type Stage = (typeof STAGES)[number];

export interface RubricNode {
  id: string;
  weight: number;
  stage: Stage;
  gate?: boolean;
  /** What the leaf requires, in words (shown with its verdict). */
  requirement?: string;
  /** Deterministic leaves name their check; interpretive ones are judged. */
  kind?: 'deterministic' | 'interpretive';
  sub_tasks?: RubricNode[];
}

export const RubricNodeSchema: z.ZodType<RubricNode> = z.lazy(() =>
  z
    .strictObject({
      id: z.string().regex(/^[a-z0-9][a-z0-9_.-]*$/),
      weight: z.number().positive().finite(),
      stage: z.enum(STAGES),
      gate: z.boolean().optional(),
      requirement: z.string().optional(),
      kind: z.enum(['deterministic', 'interpretive']).optional(),
      sub_tasks: z.array(RubricNodeSchema).min(1).optional(),
    })
    .refine((n) => (n.sub_tasks === undefined) === (n.kind !== undefined), { message: 'a node has sub_tasks or is a leaf with a kind, not both' }),
);

/** Every leaf with its effective weight (the product of normalised sibling weights on its path). */
export function effectiveLeaves(root: RubricNode): { leaf: RubricNode; weight: number; path: string[] }[] {
  const out: { leaf: RubricNode; weight: number; path: string[] }[] = [];
  const walk = (n: RubricNode, w: number, path: string[]): void => {
    if (!n.sub_tasks) {
      out.push({ leaf: n, weight: w, path: [...path, n.id] });
      return;
    }
    const total = n.sub_tasks.reduce((s, c) => s + c.weight, 0);
    for (const c of n.sub_tasks) walk(c, (w * c.weight) / total, [...path, n.id]);
  };
  walk(root, 1, []);
  return out;
}

/** A leaf's grade: a score in [0, 1] with its reason, or null when it was not judged. */
export type LeafGrade = { score: number; reason: string } | null;

export interface GradedNode {
  id: string;
  stage: Stage;
  weight: number;
  gate: boolean;
  /** null: nothing under it was judged. */
  score: number | null;
  reason?: string;
  /** A gate above zeroed it. */
  gated_by?: string;
  children?: GradedNode[];
}

export interface RubricResult {
  tree: GradedNode;
  /** Σ wᵢ sᵢ over the judged leaves, renormalised by their weight (1 when everything was judged). */
  score: number;
  full: boolean;
  /** Share of the effective leaf weight that was judged. */
  coverage: number;
  /** Per stage: judged-weight-normalised score within the stage (null when the stage has no judged leaf). */
  stages: Record<Stage, number | null>;
}

/** Full: strictly above 0.9 (seed 003). */
export const FULL_THRESHOLD = 0.9;

export function gradeRubric(root: RubricNode, grade: (leaf: RubricNode) => LeafGrade): RubricResult {
  const stageSums: Record<Stage, { w: number; ws: number }> = { modeling: { w: 0, ws: 0 }, execution: { w: 0, ws: 0 }, validation: { w: 0, ws: 0 } };
  let judgedWeight = 0;
  let weighted = 0;
  const walk = (n: RubricNode, w: number, gatedBy: string | null): GradedNode => {
    if (!n.sub_tasks) {
      const g = gatedBy !== null ? { score: 0, reason: `not credited: gate ${gatedBy} failed` } : grade(n);
      if (g !== null) {
        judgedWeight += w;
        weighted += w * g.score;
        stageSums[n.stage].w += w;
        stageSums[n.stage].ws += w * g.score;
      }
      return { id: n.id, stage: n.stage, weight: w, gate: n.gate === true, score: g === null ? null : g.score, ...(g ? { reason: g.reason } : {}), ...(gatedBy !== null ? { gated_by: gatedBy } : {}) };
    }
    const total = n.sub_tasks.reduce((s, c) => s + c.weight, 0);
    // Gates first: one that scores below 1 (or could not be judged) zeroes every other child.
    const graded = new Map<RubricNode, GradedNode>();
    let closedBy = gatedBy;
    for (const c of n.sub_tasks.filter((x) => x.gate === true)) {
      const g = walk(c, (w * c.weight) / total, gatedBy);
      graded.set(c, g);
      if (closedBy === null && (g.score === null || g.score < 1)) closedBy = c.id;
    }
    const children = n.sub_tasks.map((c) => graded.get(c) ?? walk(c, (w * c.weight) / total, closedBy));
    const judged = children.filter((c) => c.score !== null);
    const jw = judged.reduce((s, c) => s + c.weight, 0);
    const score = judged.length === 0 ? null : judged.reduce((s, c) => s + c.weight * (c.score as number), 0) / jw;
    return { id: n.id, stage: n.stage, weight: w, gate: n.gate === true, score, ...(gatedBy !== null ? { gated_by: gatedBy } : {}), children };
  };
  const tree = walk(root, 1, null);
  const score = judgedWeight === 0 ? 0 : weighted / judgedWeight;
  const stages = Object.fromEntries(STAGES.map((s) => [s, stageSums[s].w === 0 ? null : stageSums[s].ws / stageSums[s].w])) as Record<Stage, number | null>;
  return { tree, score, full: score > FULL_THRESHOLD, coverage: judgedWeight, stages };
}
