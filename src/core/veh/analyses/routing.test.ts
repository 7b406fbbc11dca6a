import { describe, expect, it } from 'vitest';
import { p4Row } from '../metrics/test-utils.ts';
import type { VehRow } from '../rows.ts';
import type { Split } from '../task-schema.ts';
import { heldOutScore, routingTable, simulateRouting } from './routing.ts';
import { bareRun, p3Outcome } from './test-runs.ts';

type Outcome = 'success' | 'stuck';
const p3 = (split: Split, outcomes: Outcome[]): VehRow[] => outcomes.map((o, i) => p3Outcome(`p3-${split}-${i}`, o, { split }));
/** P4 rows: exact order (τ = 1) or no parsable ranking (τ = 0). */
const p4 = (split: Split, exact: boolean): VehRow => ({
  ...p4Row({ oracle: ['a', 'b', 'c'], predicted: exact ? ['a', 'b', 'c'] : null }),
  task_id: `p4-${split}`,
  split,
});

function unit(id: string, spec: { dev: Outcome[]; testId: Outcome[]; testOod: Outcome[]; p4dev: boolean; p4held: boolean }) {
  return bareRun(id, [
    ...p3('dev', spec.dev),
    ...p3('test_id', spec.testId),
    ...p3('test_ood', spec.testOod),
    p4('dev', spec.p4dev),
    p4('test_id', spec.p4held),
  ]);
}

// P3-Success (dev | held-out):  X 0.5 | 0.25,  Y 1.0 | 0.75,  Z 0.0 | 1.0.   P4 τ (dev | held-out): X 1 | 1, Y and Z 0 | 0.
const X = unit('X', { dev: ['success', 'stuck'], testId: ['stuck', 'stuck'], testOod: ['success', 'stuck'], p4dev: true, p4held: true });
const Y = unit('Y', { dev: ['success', 'success'], testId: ['success', 'success'], testOod: ['success', 'stuck'], p4dev: false, p4held: false });
const Z = unit('Z', { dev: ['stuck', 'stuck'], testId: ['success', 'success'], testOod: ['success', 'success'], p4dev: false, p4held: false });

describe('stage-aware routing (App. K.2)', () => {
  it('weights the held-out splits by task count', () => {
    // test_id: 1 of 1 (1.0); test_ood: 1 of 3 → (1·1 + ⅓·3) / 4 = 0.5, not the split mean ⅔.
    const rows = [...p3('test_id', ['success']), ...p3('test_ood', ['success', 'stuck', 'stuck'])];
    expect(heldOutScore('P3', rows)).toBeCloseTo(0.5, 12);
  });

  it('switches P3 to the dev P3 leader while the aggregate leader keeps P4', () => {
    const r = simulateRouting([X, Y, Z]);
    expect(r.stages).toEqual(['P3', 'P4']);
    const byName = new Map(r.strategies.map((s) => [s.name, s]));
    const leader = byName.get('validation aggregate leader');
    const router = byName.get('validation-selected stage router');
    const envelope = byName.get('ex-post stage-best envelope');
    const fallback = byName.get('best held-out single model');
    // Dev mean norm.: X (0.5/1 + 1/1)/2 = 0.75 beats Y 0.5 and Z 0 → X leads; held out X scores (0.25/1 + 1/1)/2.
    expect(leader?.stages.P3?.unit).toBe(0);
    expect(leader?.meanNorm).toBeCloseTo(0.625, 12);
    expect(fallback?.stages.P3?.unit).toBe(0);
    // Router: P3 → Y (dev 1.0, held-out 0.75), P4 → X (1) → (0.75 + 1)/2.
    expect(router?.stages.P3).toEqual({ unit: 1, score: 0.75 });
    expect(router?.stages.P4).toEqual({ unit: 0, score: 1 });
    expect(router?.meanNorm).toBeCloseTo(0.875, 12);
    // Envelope: P3 → Z (held-out 1.0), P4 → X: 1 by construction.
    expect(envelope?.stages.P3?.unit).toBe(2);
    expect(envelope?.meanNorm).toBe(1);
    expect(r.singles.map((s) => s.meanNorm)).toEqual([0.625, 0.375, 0.5]);
  });

  it('table rows name the chosen models and trace to the held-out tasks behind each stage', () => {
    const t = routingTable([X, Y, Z]);
    const router = t.rows.find((row) => row.cells.strategy === 'validation-selected stage router');
    expect(router?.cells.P3_unit).toBe('Y');
    expect(router?.cells.P4_unit).toBe('X');
    expect(router?.provenance.run_ids).toEqual(['X', 'Y']);
    expect(router?.provenance.task_ids).toContain('p4-test_id');
    expect(router?.provenance.task_ids).not.toContain('p3-dev-0');
  });
});
