import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { P2Task, P3Task } from '../task-schema.ts';
import { boxOf, inBox } from './bounds.ts';
import { V, vectorOf } from './design-vector.ts';
import { DesignEvaluator, evaluatedDesign } from './evaluator.ts';
import { verifierResponse } from './feedback.ts';
import { loadVehBank } from './load.ts';
import { P3_QUERY_BUDGET } from './p3.ts';
import { taskContextOf } from './task-context.ts';

const BANK = new URL('../../../../public/banks/veh/', import.meta.url);
let p3: P3Task[] = [];
const p2 = new Map<string, P2Task>();
beforeAll(async () => {
  const { tasks } = await loadVehBank((f) => readFile(new URL(f, BANK), 'utf8'));
  p3 = tasks.filter((t): t is P3Task => t.probe === 'P3');
  for (const t of tasks) if (t.probe === 'P2') p2.set(t.task_id, t);
});

const limitOf = (t: { constraints: { name: string; limit: number }[] }, name: string): number => t.constraints.find((c) => c.name === name)?.limit as number;

describe('P3 bank', () => {
  it('replays a history whose verifier responses are the true oracle outputs under the P3 constraints', () => {
    expect(p3).toHaveLength(156);
    for (const t of p3) {
      const ctx = taskContextOf(t);
      const ev = new DesignEvaluator(ctx);
      expect(t.corrupted_history.length).toBeGreaterThanOrEqual(3);
      expect(t.corrupted_history.length).toBeLessThanOrEqual(5);
      t.corrupted_history.forEach((h, i) => {
        expect(h.step).toBe(i);
        expect(h.verifier_response, `${t.task_id} step ${i}`).toEqual(verifierResponse(ev.result(vectorOf(h.design)), ctx.limits, ctx.frequencyHz));
        expect(inBox(boxOf(t.variable_bounds), vectorOf(h.design))).toBe(true);
        expect(h.note.length).toBeGreaterThan(20);
      });
      expect(t.query_budget_remaining).toBe(P3_QUERY_BUDGET);
    }
  });

  it('starts from the source P2 initial design and ends on an infeasible trap that leaves the frequency band', () => {
    for (const t of p3) {
      const src = p2.get(t.source_p2_task_id) as P2Task;
      expect(src.split).toBe(t.split);
      expect(t.corrupted_history[0]?.design).toEqual(src.initial_design);
      const last = t.corrupted_history[t.corrupted_history.length - 1];
      expect(last?.design).toEqual(t.trap_design.design);
      expect(evaluatedDesign(new DesignEvaluator(taskContextOf(t)), vectorOf(t.trap_design.design))).toEqual(t.trap_design);
      expect(t.trap_design.feasible).toBe(false);
      expect(t.trap_violations).toContain('frequency');
      expect(t.trap_violations).toEqual(last?.verifier_response.violations);
    }
  });

  it('adds a dormant constraint that the trap satisfies and the obvious escape (harmful variables reverted) violates', () => {
    for (const t of p3) {
      const src = p2.get(t.source_p2_task_id) as P2Task;
      const name = t.dormant_constraint;
      expect(['max_stress_mpa', 'max_disp_mm']).toContain(name);
      const limit = limitOf(t, name);
      expect(limit).toBeLessThan(limitOf(src, name));
      const others = t.constraints.filter((c) => c.name !== name);
      expect(others).toEqual(src.constraints.filter((c) => c.name !== name));
      const ev = new DesignEvaluator(taskContextOf(t));
      const value = (x: Float64Array): number => {
        const r = ev.result(x);
        return name === 'max_stress_mpa' ? r.tip_stress_mpa : r.tip_disp_mm;
      };
      const trap = vectorOf(t.trap_design.design);
      expect(value(trap)).toBeLessThanOrEqual(limit);
      // The escape keeps the drifted load and reverts every other variable to step 0.
      const escape = vectorOf(t.corrupted_history[0]?.design ?? t.trap_design.design);
      escape[V.load] = trap[V.load] as number;
      expect(value(escape), t.task_id).toBeGreaterThan(limit);
    }
  });

  it('has a feasible BKF under the P3 constraints and marks step 0 trusted exactly when it is feasible', () => {
    let trusted = 0;
    for (const t of p3) {
      const ev = new DesignEvaluator(taskContextOf(t));
      const bkf = ev.result(vectorOf(t.reference.bkf.design));
      expect(bkf.feasible, t.task_id).toBe(true);
      expect(bkf.load_power_uw).toBe(t.reference.bkf.power_uw);
      const step0 = t.corrupted_history[0]?.design ?? t.trap_design.design;
      const step0Feasible = ev.result(vectorOf(step0)).feasible;
      expect(t.reference.trusted_design).toEqual(step0Feasible ? step0 : null);
      if (step0Feasible) trusted++;
    }
    expect(trusted).toBeGreaterThan(0);
  });

  it('uses projected source labels on test_ood only', () => {
    for (const t of p3) {
      const projected = t.source_p2_subtype.startsWith('projected_');
      expect(projected).toBe(t.split === 'test_ood');
      const srcSubtype = (p2.get(t.source_p2_task_id) as P2Task).p2_subtype;
      if (!projected) expect(t.source_p2_subtype).toBe(srcSubtype);
      else expect(t.source_p2_subtype === 'projected_boundary').toBe(['boundary_binding', 'power_tight'].includes(srcSubtype));
    }
  });
});
