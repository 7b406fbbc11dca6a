import { describe, expect, it } from 'vitest';
import { p1Row } from '../metrics/test-utils.ts';
import type { P1Action } from '../task-schema.ts';
import { minMaxScale, profileTable, profilesOfRuns } from './profiles.ts';
import { profileStageTable, stageRankTable } from './stage-ranks.ts';
import { bareRun, withIds } from './test-runs.ts';

const GOLD: P1Action[] = ['propose_design', 'request_missing_info', 'declare_infeasible', 'propose_design'];
const SUBTYPES = ['solvable_base', 'missing_blocker_obvious', 'infeasible_margin', 'solvable_boundary'] as const;

/** A P1 run over the four gold actions above; the request task's missing field is beam_length_mm. */
function p1Run(id: string, predicted: P1Action[], namesField: boolean) {
  const rows = GOLD.map((g, i) =>
    p1Row(SUBTYPES[i] as (typeof SUBTYPES)[number], g, predicted[i] as P1Action, {
      truth: g === 'request_missing_info' ? ['beam_length_mm'] : [],
      named: namesField && predicted[i] === 'request_missing_info' ? ['beam_length_mm'] : [],
    }),
  );
  return bareRun(id, withIds(rows, 'p1'));
}

// A answers every task right; B misses the infeasible task (proposes) and names no missing field;
// C proposes everything.
const A = p1Run('A', GOLD, true);
const B = p1Run('B', ['propose_design', 'request_missing_info', 'propose_design', 'propose_design'], false);
const C = p1Run('C', ['propose_design', 'propose_design', 'propose_design', 'propose_design'], false);

describe('min–max scaling (A-35)', () => {
  it('maps the range to [0, 1) and a constant indicator to 0; nulls stay out of the range', () => {
    const z = minMaxScale([2, 4, null, 3]);
    expect(z[0]).toBe(0);
    expect(z[1]).toBeCloseTo(1, 10);
    expect(z[2]).toBeNull();
    expect(z[3]).toBeCloseTo(0.5, 10);
    expect(minMaxScale([0.7, 0.7])).toEqual([0, 0]);
  });
});

describe('response-control profiles of three synthetic runs', () => {
  const { profiles } = profilesOfRuns([A, B, C]);
  const ad = profiles.map((p) => p.profile.action_discipline);

  it('raw indicators match hand counts', () => {
    const [a, b, c] = profiles;
    // Alignment = 1 − ½ Σ|pred share − gold share|, gold shares ½, ¼, ¼: B (¾, ¼, 0) → 0.75; C (1, 0, 0) → 0.5.
    expect([a?.indicators.p1_action_alignment, b?.indicators.p1_action_alignment, c?.indicators.p1_action_alignment]).toEqual([1, 0.75, 0.5]);
    // B: propose F1 = 0.8 (P 2/3, R 1), request 1, infeasible 0 → 0.6; C: propose F1 2/3 only → 2/9.
    expect(b?.indicators.p1_macro_f1).toBeCloseTo(0.6, 12);
    expect(c?.indicators.p1_macro_f1).toBeCloseTo(2 / 9, 12);
    // Missing-info recall is recall of the request action (Table 15): A and B ask on the request task, C never asks → 0.
    expect([a?.indicators.p1_missing_recall, b?.indicators.p1_missing_recall, c?.indicators.p1_missing_recall]).toEqual([1, 1, 0]);
    expect([a?.indicators.p1_propose_precision, b?.indicators.p1_propose_precision, c?.indicators.p1_propose_precision]).toEqual([1, 2 / 3, 0.5]);
  });

  it('action discipline: A = 5/6 (best on all but the constant non-invalid rate), C = 0, B by hand', () => {
    // z per indicator for B: alignment ½, macro-F1 (0.6 − 2/9)/(1 − 2/9) = 17/35, request recall 1,
    // infeasible recall 0, propose precision (2/3 − ½)/(1 − ½) = ⅓, non-invalid 0 (constant) → mean of six.
    expect(ad[0]).toBeCloseTo(5 / 6, 9);
    expect(ad[1]).toBeCloseTo((0.5 + 17 / 35 + 1 + 1 / 3) / 6, 9);
    expect(ad[2]).toBeCloseTo(0, 9);
  });

  it('dimensions without rows are null, and the table traces each unit to its run and tasks', () => {
    expect(profiles[0]?.profile.policy_execution).toBeNull();
    const t = profileTable([A, B, C]);
    expect(t.rows.map((r) => r.cells.unit)).toEqual(['A', 'B', 'C']);
    expect(t.rows[1]?.provenance).toEqual({ run_ids: ['B'], task_ids: ['p1-0', 'p1-1', 'p1-2', 'p1-3'] });
    expect(t.rows[0]?.cells.tasks).toBe(4);
  });

  it('profile–stage ρ: action discipline ranks the units exactly as P1-Composite does', () => {
    const t = profileStageTable([A, B, C]);
    const row = t.rows.find((r) => r.cells.dimension === 'Action discipline');
    expect(row?.cells.P1).toBeCloseTo(1, 12);
    // No unit has P2 rows: nothing to correlate with.
    expect(row?.cells.P2).toBeNull();
    const m = stageRankTable([A, B, C]);
    expect(m.rows[0]?.cells.P1).toBeCloseTo(1, 12);
  });
});
