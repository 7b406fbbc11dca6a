// The hidden rubric's arithmetic: effective leaf weights sum to 1, a failed gate zeroes its
// siblings (and says which gate), unjudged leaves are coverage, not zeros, Full is strictly > 0.9.
import { describe, expect, it } from 'vitest';
import { effectiveLeaves, gradeRubric, RubricNodeSchema, type RubricNode } from '../../src/core/reproduction/rubric.ts';

const leaf = (id: string, weight: number, stage: RubricNode['stage'], o: Partial<RubricNode> = {}): RubricNode => ({ id, weight, stage, kind: 'deterministic', ...o });
const RUBRIC: RubricNode = RubricNodeSchema.parse({
  id: 'root',
  weight: 1,
  stage: 'modeling',
  sub_tasks: [
    { id: 'runs', weight: 1, stage: 'execution', gate: true, kind: 'deterministic' },
    { id: 'setup', weight: 2, stage: 'modeling', sub_tasks: [leaf('units', 1, 'modeling'), leaf('grid', 1, 'modeling')] },
    { id: 'check', weight: 1, stage: 'validation', sub_tasks: [leaf('converged', 3, 'validation'), leaf('explained', 1, 'validation', { kind: 'interpretive' })] },
  ],
});

const grades = (g: Record<string, number | null>) => (l: RubricNode) => (g[l.id] === null ? null : { score: g[l.id] ?? 0, reason: l.id });

describe('rubric', () => {
  it('effective leaf weights sum to 1', () => {
    const leaves = effectiveLeaves(RUBRIC);
    expect(leaves.map((l) => l.leaf.id)).toEqual(['runs', 'units', 'grid', 'converged', 'explained']);
    expect(leaves.reduce((s, l) => s + l.weight, 0)).toBeCloseTo(1, 15);
    expect(leaves.find((l) => l.leaf.id === 'converged')?.weight).toBeCloseTo((1 / 4) * (3 / 4), 15);
  });

  it('all leaves passed is Full with score 1 and every stage 1', () => {
    const r = gradeRubric(RUBRIC, grades({ runs: 1, units: 1, grid: 1, converged: 1, explained: 1 }));
    expect(r).toMatchObject({ score: 1, full: true, coverage: 1, stages: { modeling: 1, execution: 1, validation: 1 } });
  });

  it('a failed gate zeroes its siblings and names itself on them', () => {
    const r = gradeRubric(RUBRIC, grades({ runs: 0, units: 1, grid: 1, converged: 1, explained: 1 }));
    expect(r.score).toBe(0);
    expect(r.tree.children?.find((c) => c.id === 'setup')).toMatchObject({ score: 0, gated_by: 'runs' });
  });

  it('a missing convergence record costs only its own leaf', () => {
    const r = gradeRubric(RUBRIC, grades({ runs: 1, units: 1, grid: 1, converged: 0, explained: 1 }));
    expect(r.score).toBeCloseTo(1 - 3 / 16, 12);
    expect(r.full).toBe(false);
    expect(r.stages.modeling).toBe(1);
  });

  it('an interpretive leaf without a judge is coverage, not a zero', () => {
    const r = gradeRubric(RUBRIC, grades({ runs: 1, units: 1, grid: 1, converged: 1, explained: null }));
    expect(r.score).toBe(1);
    expect(r.coverage).toBeCloseTo(1 - 1 / 16, 12);
    expect(r.tree.children?.find((c) => c.id === 'check')?.children?.find((c) => c.id === 'explained')?.score).toBeNull();
  });

  it('Full is strictly above 0.9', () => {
    const at = gradeRubric({ id: 'r', weight: 1, stage: 'modeling', sub_tasks: [leaf('a', 9, 'modeling'), leaf('b', 1, 'modeling')] }, grades({ a: 1, b: 0 }));
    expect(at.score).toBeCloseTo(0.9, 15);
    expect(at.full).toBe(false);
  });

  it('refuses a node that is both a leaf and a parent', () => {
    expect(RubricNodeSchema.safeParse({ id: 'x', weight: 1, stage: 'modeling', kind: 'deterministic', sub_tasks: [leaf('y', 1, 'modeling')] }).success).toBe(false);
  });
});
