/**
 * Re-checks every P1 gold label of the committed bank against its evidence with the oracle
 * (generate.slow.test.ts proves the committed bank is exactly what the generator emits).
 */
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRng } from '../../stats/rng.ts';
import { DESIGN_VARIABLES, type VehDesign } from '../oracle.ts';
import type { P1Task } from '../task-schema.ts';
import { boxOf, inBox } from './bounds.ts';
import { vectorOf } from './design-vector.ts';
import { DesignEvaluator } from './evaluator.ts';
import { loadVehBank } from './load.ts';
import { frequencyRange } from './resonance.ts';
import { maximizePower } from './search.ts';
import { taskContextOf } from './task-context.ts';

const BANK = new URL('../../../../public/banks/veh/', import.meta.url);
let p1: P1Task[] = [];
beforeAll(async () => {
  const { tasks } = await loadVehBank((f) => readFile(new URL(f, BANK), 'utf8'));
  p1 = tasks.filter((t): t is P1Task => t.probe === 'P1');
});

interface Evaluated {
  design: VehDesign;
  load_power_uw: number;
  feasible: boolean;
}
const ofSubtype = (s: P1Task['p1_subtype']) => p1.filter((t) => t.p1_subtype === s);
const evidence = (t: P1Task) => t.reference.evidence as Record<string, unknown>;

describe('P1 bank', () => {
  it('shows the hidden context in the spec for every field it does not withhold', () => {
    expect(p1).toHaveLength(240);
    for (const t of p1) {
      const ctx = taskContextOf(t);
      const expected: Record<string, unknown> = {
        target_frequency_hz: ctx.frequencyHz,
        frequency_tolerance_pct: ctx.limits.max_freq_error_pct,
        target_power_uw: ctx.limits.min_power_uw,
        excitation_acceleration_g: ctx.accelerationG,
        max_stress_mpa: ctx.limits.max_stress_mpa,
        max_disp_mm: ctx.limits.max_disp_mm,
        damping_ratio: ctx.damping,
        material: ctx.piezo,
        substrate: ctx.substrate,
      };
      for (const [k, v] of Object.entries(expected)) if (k in t.spec) expect(t.spec[k], `${t.task_id} ${k}`).toEqual(v);
      for (const k of DESIGN_VARIABLES) expect(t.spec[k]).toEqual(t.variable_bounds[k]);
      expect(t.missing_fields_ground_truth).toEqual(t.reference.gold_label.missing_fields);
      expect(t.reference.rationale.length).toBeGreaterThan(20);
    }
  });

  it('solvable rows: the witness is oracle-feasible under the task constraints (target included) and inside the ranges', () => {
    for (const t of [...ofSubtype('solvable_base'), ...ofSubtype('solvable_boundary'), ...ofSubtype('solvable_red_herring')]) {
      expect(t.reference.gold_label.action_type).toBe('propose_design');
      const w = evidence(t).witness as Evaluated;
      const r = new DesignEvaluator(taskContextOf(t)).result(vectorOf(w.design));
      expect(r.feasible, t.task_id).toBe(true);
      expect(r.load_power_uw).toBe(w.load_power_uw);
      expect(inBox(boxOf(t.variable_bounds), vectorOf(w.design))).toBe(true);
    }
    for (const t of ofSubtype('solvable_boundary')) {
      const m = evidence(t).margin_best_over_target as number;
      expect(m).toBeGreaterThan(1);
      expect(m).toBeLessThan(1 / 0.84);
    }
    for (const t of ofSubtype('solvable_red_herring')) expect(typeof t.spec.note).toBe('string');
  });

  it('missing_nonblocker rows: the withheld field is absent and the worst plausible value still has a feasible witness', () => {
    for (const t of ofSubtype('missing_nonblocker')) {
      const e = evidence(t);
      const field = (e.withheld_field as string).replace('spec.', '');
      expect(field in t.spec).toBe(false);
      const checked = e.checked_values as { value: number | string; best_power_uw: number }[];
      expect(checked.length).toBeGreaterThanOrEqual(4);
      for (const c of checked) expect(c.best_power_uw).toBeGreaterThanOrEqual(t.spec.target_power_uw as number);
      const w = e.witness_worst_case as Evaluated & Record<string, unknown>;
      const ctx = taskContextOf(t);
      const worst = field === 'damping_ratio' ? { ...ctx, damping: w.damping_ratio as number } : { ...ctx, substrate: w.substrate as string };
      expect(new DesignEvaluator(worst).result(vectorOf(w.design)).feasible, t.task_id).toBe(true);
    }
  });

  it('infeasible_margin rows: the target is 1.15–1.6× the best found, and an independent search stays below it', () => {
    for (const t of ofSubtype('infeasible_margin')) {
      expect(t.reference.gold_label.action_type).toBe('declare_infeasible');
      const e = evidence(t);
      const best = (e.search as { best_power_uw: number }).best_power_uw;
      const target = t.spec.target_power_uw as number;
      expect(target / best).toBeGreaterThanOrEqual(1.12);
      expect(target / best).toBeLessThan(1.61);
      const ctx = taskContextOf(t);
      const independent = maximizePower(new DesignEvaluator({ ...ctx, limits: { ...ctx.limits, min_power_uw: 0 } }), boxOf(t.variable_bounds), createRng(20260720), { effort: 0.6 });
      expect(independent.power_uw, t.task_id).toBeLessThan(target);
      // The independent run may land a little higher on a flat ridge; it must stay well inside the margin.
      expect(independent.power_uw).toBeLessThan(best * 1.05);
    }
  });

  it('infeasible_structural rows: the frequency band lies outside the reachable first-mode range', () => {
    for (const t of ofSubtype('infeasible_structural')) {
      const ctx = taskContextOf(t);
      const box = boxOf(t.variable_bounds);
      const range = frequencyRange(new DesignEvaluator(ctx), box);
      const tol = ctx.limits.max_freq_error_pct / 100;
      const bandLo = ctx.frequencyHz * (1 - tol);
      const bandHi = ctx.frequencyHz * (1 + tol);
      expect(bandLo > range.max_hz * 1.3 || bandHi * 1.3 < range.min_hz, t.task_id).toBe(true);
      expect((evidence(t).reachable_frequency_hz as number[])[0]).toBeCloseTo(range.min_hz, 9);
      const rng = createRng(11);
      const ev = new DesignEvaluator(ctx);
      for (let i = 0; i < 300; i++) {
        const x = Float64Array.from({ length: 6 }, (_, d) => (box.lo[d] as number) + rng.next() * ((box.hi[d] as number) - (box.lo[d] as number)));
        const f = ev.result(x).resonant_freq_hz;
        expect(f < bandLo || f > bandHi).toBe(true);
      }
    }
  });

  it('missing_blocker_obvious rows: the frequency or acceleration is withheld and requested', () => {
    for (const t of ofSubtype('missing_blocker_obvious')) {
      expect(t.reference.gold_label.action_type).toBe('request_missing_info');
      const [field] = t.missing_fields_ground_truth;
      expect(['spec.target_frequency_hz', 'spec.excitation_acceleration_g']).toContain(field);
      expect((field as string).replace('spec.', '') in t.spec).toBe(false);
    }
  });

  it('missing_blocker_ambiguous rows: the gold follows the verdicts across the stated range (mixed gold)', () => {
    const golds = new Set<string>();
    for (const t of ofSubtype('missing_blocker_ambiguous')) {
      const e = evidence(t);
      const field = (e.withheld_field as string).replace('spec.', '');
      expect(field in t.spec).toBe(false);
      const pending = (t.spec.pending as Record<string, { plausible_range: number[] }>)[field];
      expect(pending?.plausible_range).toEqual(e.plausible_range);
      const target = t.spec.target_power_uw as number;
      const rows = e.verdicts_across_range as { best_power_uw: number; verdict: string }[];
      for (const r of rows) {
        expect(r.verdict).toBe(r.best_power_uw >= target ? 'feasible' : 'infeasible');
        expect(Math.abs(Math.log(r.best_power_uw / target))).toBeGreaterThanOrEqual(Math.log(1.1) - 1e-12);
      }
      const changes = new Set(rows.map((r) => r.verdict)).size > 1;
      const gold = t.reference.gold_label.action_type;
      expect(gold).toBe(changes ? 'request_missing_info' : rows[0]?.verdict === 'feasible' ? 'propose_design' : 'declare_infeasible');
      expect(t.missing_fields_ground_truth).toEqual(changes ? [`spec.${field}`] : []);
      golds.add(gold);
    }
    expect(golds.size).toBe(3);
  });
});
