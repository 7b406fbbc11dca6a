import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { POLICIES, type P2Task, type P4Task } from '../task-schema.ts';
import { boxOf, inBox } from './bounds.ts';
import { piezoVolumeMm3, vectorOf } from './design-vector.ts';
import { DesignEvaluator } from './evaluator.ts';
import { loadVehBank } from './load.ts';
import { MIN_GAP } from './p4.ts';
import { policyScores } from './p4-policy.ts';
import { taskContextOf } from './task-context.ts';

const BANK = new URL('../../../../public/banks/veh/', import.meta.url);
let p4: P4Task[] = [];
const p2 = new Map<string, P2Task>();
beforeAll(async () => {
  const { tasks } = await loadVehBank((f) => readFile(new URL(f, BANK), 'utf8'));
  p4 = tasks.filter((t): t is P4Task => t.probe === 'P4');
  for (const t of tasks) if (t.probe === 'P2') p2.set(t.task_id, t);
});

/** Tasks grouped by pool (three consecutive tasks, one per policy). */
const pools = (): P4Task[][] => Array.from({ length: p4.length / 3 }, (_, k) => p4.slice(3 * k, 3 * k + 3));

describe('P4 bank', () => {
  it('offers five oracle-feasible, in-bounds candidates whose metrics are the oracle outputs', () => {
    expect(p4).toHaveLength(159);
    for (const t of p4) {
      const ev = new DesignEvaluator(taskContextOf(t));
      expect(t.candidates.map((c) => c.id)).toEqual(['A', 'B', 'C', 'D', 'E']);
      for (const c of t.candidates) {
        const x = vectorOf(c.design);
        const r = ev.result(x);
        expect(r.feasible, `${t.task_id} ${c.id}`).toBe(true);
        expect(inBox(boxOf(t.variable_bounds), x)).toBe(true);
        expect(c.metrics).toEqual({
          load_power_uw: r.load_power_uw,
          tip_stress_mpa: r.tip_stress_mpa,
          tip_disp_mm: r.tip_disp_mm,
          freq_error_pct: r.freq_error_pct,
          piezo_volume_mm3: Math.round(piezoVolumeMm3(x) * 1000) / 1000,
        });
      }
    }
  });

  it('orders candidates by the stated policy score with no near-ties', () => {
    for (const t of p4) {
      const ctx = taskContextOf(t);
      const scores = policyScores(t.policy, t.candidates.map((c) => c.metrics), ctx.limits.max_stress_mpa, ctx.limits.max_disp_mm);
      expect(Object.values(t.reference.policy_scores)).toEqual(scores);
      const order = [...t.reference.oracle_order];
      const s = order.map((id) => t.reference.policy_scores[id] as number);
      for (let i = 1; i < s.length; i++) expect((s[i - 1] as number) - (s[i] as number)).toBeGreaterThanOrEqual(MIN_GAP);
      expect(t.policy_text).toContain(`${ctx.limits.max_stress_mpa} MPa`);
    }
  });

  it('asks each pool under all three policies, with sensitive pairs, Pareto pairs and balanced-active flags that follow from the orders', () => {
    let active = 0;
    for (const pool of pools()) {
      expect(pool.map((t) => t.policy)).toEqual([...POLICIES]);
      expect(new Set(pool.map((t) => JSON.stringify(t.candidates))).size).toBe(1);
      const orders = pool.map((t) => t.reference.oracle_order);
      const rank = (k: number, id: string): number => (orders[k] as string[]).indexOf(id);
      pool.forEach((t, k) => {
        const expected: [string, string][] = [];
        const order = orders[k] as string[];
        for (let i = 0; i < 5; i++)
          for (let j = i + 1; j < 5; j++) {
            const [a, b] = [order[i] as string, order[j] as string];
            if ([0, 1, 2].some((o) => o !== k && rank(o, a) > rank(o, b))) expected.push([a, b]);
          }
        expect(t.reference.policy_sensitive_pairs).toEqual(expected);
        const isActive = t.policy === 'balanced' && orders[0]?.join() !== orders[1]?.join() && orders[0]?.join() !== orders[2]?.join();
        expect(t.reference.balanced_active).toBe(isActive);
        if (isActive) active++;
        for (const [a, b] of t.reference.pareto_pairs) {
          const ma = t.candidates.find((c) => c.id === a)?.metrics;
          const mb = t.candidates.find((c) => c.id === b)?.metrics;
          expect(ma && mb && ma.load_power_uw >= mb.load_power_uw && ma.tip_stress_mpa <= mb.tip_stress_mpa).toBe(true);
          // A dominated candidate never outranks its dominator under any policy.
          for (let o = 0; o < 3; o++) expect(rank(o, a)).toBeLessThan(rank(o, b));
        }
      });
    }
    expect(active).toBeGreaterThan(pools().length / 2);
  });

  it('draws pools from P2 lineages of the same split', () => {
    for (const t of p4) {
      const lineage = t.provenance.projection[t.provenance.projection.length - 1] ?? '';
      const source = /P2 task (\S+)/.exec(lineage)?.[1] ?? '';
      expect(p2.get(source)?.split, t.task_id).toBe(t.split);
      expect(p2.get(source)?.provenance.anchor_id).toBe(t.provenance.anchor_id);
    }
  });
});
