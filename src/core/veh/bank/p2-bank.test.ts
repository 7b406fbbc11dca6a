import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { P2Task } from '../task-schema.ts';
import { boxOf, inBox } from './bounds.ts';
import { vectorOf } from './design-vector.ts';
import { DesignEvaluator, evaluatedDesign } from './evaluator.ts';
import { loadVehBank } from './load.ts';
import { P2_QUERY_BUDGET } from './p2.ts';
import { taskContextOf } from './task-context.ts';

const BANK = new URL('../../../../public/banks/veh/', import.meta.url);
let p2: P2Task[] = [];
beforeAll(async () => {
  const { tasks } = await loadVehBank((f) => readFile(new URL(f, BANK), 'utf8'));
  p2 = tasks.filter((t): t is P2Task => t.probe === 'P2');
});

describe('P2 bank', () => {
  it('starts every task from a feasible initial design whose stored result is the oracle output', () => {
    expect(p2).toHaveLength(208);
    for (const t of p2) {
      const ev = new DesignEvaluator(taskContextOf(t));
      const x0 = vectorOf(t.initial_design);
      expect(evaluatedDesign(ev, x0), t.task_id).toEqual(t.initial_result);
      expect(t.initial_result.feasible).toBe(true);
      expect(inBox(boxOf(t.variable_bounds), x0)).toBe(true);
      expect(t.query_budget).toBe(P2_QUERY_BUDGET);
    }
  });

  it('has a feasible in-bounds BKF at least as powerful as the initial design', () => {
    for (const t of p2) {
      const x = vectorOf(t.reference.bkf.design);
      const r = new DesignEvaluator(taskContextOf(t)).result(x);
      expect(r.feasible, t.task_id).toBe(true);
      expect(r.load_power_uw).toBe(t.reference.bkf.power_uw);
      expect(inBox(boxOf(t.variable_bounds), x)).toBe(true);
      expect(t.reference.bkf.power_uw).toBeGreaterThanOrEqual(t.initial_result.load_power_uw);
      expect(t.reference.bkf.evaluations).toBeGreaterThan(1000);
    }
  });

  it('leaves the anchor-fixed heuristic 100 % feasible coverage with a mean power ratio well below 1', () => {
    const ratios = p2.map((t) => t.initial_result.load_power_uw / t.reference.bkf.power_uw);
    const mean = ratios.reduce((s, r) => s + r, 0) / ratios.length;
    expect(mean).toBeGreaterThan(0.1);
    expect(mean).toBeLessThan(0.5);
  });

  it('encodes each subtype in its constraints', () => {
    for (const t of p2) {
      const ctx = taskContextOf(t);
      const bkf = new DesignEvaluator(ctx).result(vectorOf(t.reference.bkf.design));
      switch (t.p2_subtype) {
        case 'resonance_tuned':
          expect(ctx.limits.max_freq_error_pct).toBeLessThanOrEqual(2);
          break;
        case 'power_tight':
          expect(ctx.limits.min_power_uw / t.initial_result.load_power_uw).toBeGreaterThan(0.84);
          break;
        case 'boundary_binding': {
          const stressActive = bkf.slack_stress_mpa < 0.02 * ctx.limits.max_stress_mpa;
          const dispActive = bkf.slack_disp_mm < 0.02 * ctx.limits.max_disp_mm;
          expect(stressActive || dispActive, t.task_id).toBe(true);
          break;
        }
        case 'paper_like':
          expect([ctx.limits.max_stress_mpa, ctx.limits.max_disp_mm, ctx.limits.max_freq_error_pct]).toEqual([50, 5, 5]);
          break;
      }
    }
  });

  it('labels the domain from the anchor provenance', () => {
    for (const t of p2) expect(t.domain).toBe(t.provenance.projection[0]?.startsWith('oracle_domain') ? 'oracle_domain' : 'projected_ood');
    expect(p2.filter((t) => t.split === 'test_ood').every((t) => t.domain === 'projected_ood')).toBe(true);
  });
});
