/**
 * The generated circuit banks: published sizes, determinism against the committed files, and the
 * property each probe is built for, re-checked on the stored tasks with the oracle.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../hash/sha256.ts';
import { createRng } from '../../stats/rng.ts';
import { P1_SUBTYPES, PROBES } from '../../veh/task-schema.ts';
import { FAMILY_VARIABLES } from '../oracle.ts';
import { CircuitTaskSchema, type CircuitP1Task, type CircuitP2Task, type CircuitP3Task, type CircuitP4Task, type CircuitTask } from '../task-schema.ts';
import { evaluated, inBounds, spaceOfTask } from './common.ts';
import { CIRCUIT_BANK_FILES, CIRCUIT_BANK_SIZES, DEFAULT_CIRCUIT_BANK_SEED, generateCircuitBanks } from './generate.ts';
import { parseCircuitBankJsonl } from './load.ts';
import { P1_ACTION_OF, P1_SUBTYPE_COUNTS } from './p1.ts';
import { singleVariableFixes } from './p2.ts';
import { policyOrder } from './p4-policy.ts';

const bankFile = (name: string): string => readFileSync(new URL(`../../../../public/banks/circuit/${name}`, import.meta.url), 'utf8');

let gen: ReturnType<typeof generateCircuitBanks>;
let tasks: Record<string, CircuitTask[]>;
beforeAll(() => {
  gen = generateCircuitBanks(DEFAULT_CIRCUIT_BANK_SEED);
  tasks = Object.fromEntries(PROBES.map((p) => [p, parseCircuitBankJsonl(gen.files[CIRCUIT_BANK_FILES[p]] as string, p)]));
}, 120_000);

describe('generateCircuitBanks', () => {
  it('has the published sizes (Appendix R Table 39: P1 32, P2 32, P3 18, P4 24 = 106)', () => {
    expect(PROBES.map((p) => tasks[p]?.length)).toEqual([32, 32, 18, 24]);
    expect(gen.manifest.banks.map((b) => b.count)).toEqual(PROBES.map((p) => CIRCUIT_BANK_SIZES[p]));
    // Splits: families rotate rc, rl, rlc, divider; rlc → test_ood, the others one in three (by task index) → dev.
    expect(gen.manifest.banks.map((b) => b.by_split)).toEqual([
      { dev: 8, test_id: 16, test_ood: 8 },
      { dev: 8, test_id: 16, test_ood: 8 },
      { dev: 5, test_id: 9, test_ood: 4 },
      { dev: 6, test_id: 12, test_ood: 6 },
    ]);
  });

  it('reproduces the committed banks byte for byte, and the manifest lists their sizes and SHA-256', () => {
    for (const name of [...Object.values(CIRCUIT_BANK_FILES), 'manifest.json']) {
      expect(gen.files[name], `${name} differs from public/banks/circuit — run \`proving-ground bank --write --suite circuit\``).toBe(bankFile(name));
    }
    for (const b of gen.manifest.banks) {
      const bytes = new TextEncoder().encode(bankFile(b.file));
      expect(b.bytes).toBe(bytes.length);
      expect(b.sha256).toBe(sha256Hex(bytes));
    }
  });

  it('gives other bytes for another seed (the seed is really used)', () => {
    const other = generateCircuitBanks(7, ['P4']);
    expect(other.files['P4.jsonl']).not.toBe(gen.files['P4.jsonl']);
  }, 60_000);

  it('emits schema-valid tasks in schema key order, holds rlc_bandpass out as test_ood, and uses every split', () => {
    for (const p of PROBES) {
      for (const t of tasks[p] ?? []) {
        expect(JSON.stringify(CircuitTaskSchema.parse(t))).toBe(JSON.stringify(t));
        expect(t.split === 'test_ood').toBe(t.family === 'rlc_bandpass');
        expect(Object.keys(t.variable_bounds)).toEqual([...FAMILY_VARIABLES[t.family]]);
      }
      expect(new Set((tasks[p] ?? []).map((t) => t.split))).toEqual(new Set(['dev', 'test_id', 'test_ood']));
    }
  });
});

describe('P1 triage', () => {
  const p1 = (): CircuitP1Task[] => tasks.P1 as CircuitP1Task[];

  it('balances the subtypes and lowers the propose prior (12 propose, 10 infeasible, 10 request)', () => {
    for (const s of P1_SUBTYPES) expect(p1().filter((t) => t.p1_subtype === s)).toHaveLength(P1_SUBTYPE_COUNTS[s]);
    const count = (a: string) => p1().filter((t) => t.reference.gold_label.action_type === a).length;
    expect([count('propose_design'), count('declare_infeasible'), count('request_missing_info')]).toEqual([12, 10, 10]);
    for (const t of p1()) expect(t.reference.gold_label.action_type).toBe(P1_ACTION_OF[t.p1_subtype]);
  });

  it('backs solvable labels with an oracle-feasible witness inside the bounds', () => {
    for (const t of p1().filter((x) => x.p1_subtype.startsWith('solvable'))) {
      const w = t.reference.evidence.witness_design as Record<string, number>;
      const space = spaceOfTask(t);
      expect(inBounds(space.bounds, w), t.task_id).toBe(true);
      expect(evaluated(space, w).violations, t.task_id).toEqual([]);
    }
  });

  it('puts near-boundary infeasible specs 2–9 % past the boundary, and no random design within bounds is feasible', () => {
    for (const t of p1().filter((x) => x.p1_subtype.startsWith('infeasible'))) {
      const s = t.reference.evidence.best_margin as number;
      if (t.p1_subtype === 'infeasible_margin') expect(s, t.task_id).toBeGreaterThan(-0.09);
      expect(s, t.task_id).toBeLessThan(-0.02);
      // Independent of the generator's grid: 3000 log-uniform designs in the bounds, none feasible.
      const space = spaceOfTask(t);
      const rng = createRng(1);
      for (let i = 0; i < 3000; i++) {
        const d = Object.fromEntries(Object.entries(space.bounds).map(([k, [lo, hi]]) => [k, Math.exp(rng.uniform(Math.log(lo), Math.log(hi)))]));
        expect(evaluated(space, d).result.feasible).toBe(false);
      }
    }
  });

  it('withholds a field for obvious blockers and gives a straddling range for ambiguous ones', () => {
    for (const t of p1().filter((x) => x.p1_subtype === 'missing_blocker_obvious')) {
      const field = (t.missing_fields_ground_truth[0] ?? '').replace('spec.', '');
      expect(t.spec[field], t.task_id).toBeUndefined();
    }
    for (const t of p1().filter((x) => x.p1_subtype === 'missing_blocker_ambiguous')) {
      const [lo, hi] = t.reference.evidence.best_margin_at_range_ends as [number, number];
      expect(lo).toBeGreaterThan(0);
      expect(hi).toBeLessThan(0);
    }
  });
});

describe('P2 dual constraints', () => {
  it('starts from one violation, and every single-variable repair of it breaks another constraint', () => {
    for (const t of tasks.P2 as CircuitP2Task[]) {
      const space = spaceOfTask(t);
      const e = evaluated(space, t.initial_design);
      expect(e).toEqual(t.initial_result);
      expect(e.violations, t.task_id).toEqual([t.first_violation]);
      const fixes = singleVariableFixes(space, t.initial_design, t.first_violation);
      expect(fixes.repairs, t.task_id).toBeGreaterThan(0);
      expect(fixes.clean, t.task_id).toBe(0);
      expect(fixes.broken).toEqual(t.coupled_constraints);
    }
  }, 60_000);

  it('has a feasible BKF inside the bounds whose power is the stored one', () => {
    for (const t of tasks.P2 as CircuitP2Task[]) {
      const space = spaceOfTask(t);
      const e = evaluated(space, t.reference.bkf.design);
      expect(e.violations, t.task_id).toEqual([]);
      expect(inBounds(space.bounds, t.reference.bkf.design)).toBe(true);
      expect(e.result.power_mw).toBe(t.reference.bkf.power_mw);
      expect(e.result.power_mw).toBeLessThan(t.initial_result.result.power_mw * 10);
    }
  });
});

describe('P3 progressive dual traps', () => {
  it('traps meet the dormant constraint; the naive escape clears the trap violations but trips it; the recovery is feasible', () => {
    for (const t of tasks.P3 as CircuitP3Task[]) {
      const space = spaceOfTask(t);
      const trap = evaluated(space, t.trap_design.design);
      expect(trap.violations.length, t.task_id).toBeGreaterThan(0);
      expect(trap.violations).toEqual(t.trap_violations);
      expect(trap.violations).not.toContain(t.dormant_constraint);
      const naive = evaluated(space, t.reference.naive_escape.design);
      expect(naive.violations, t.task_id).toEqual([t.dormant_constraint]);
      expect(evaluated(space, t.reference.recovery_design).violations, t.task_id).toEqual([]);
      expect(t.corrupted_history.at(-1)?.design).toEqual(t.trap_design.design);
      for (const step of t.corrupted_history) expect(step.verifier_response.violations).toEqual(evaluated(space, step.design).violations);
    }
  });

  it('replays the Appendix N.8 walkthrough (with the documented deviations)', () => {
    const t = (tasks.P3 as CircuitP3Task[]).find((x) => x.task_id === 'circuit-p3-n8-walkthrough');
    expect(t).toBeDefined();
    if (!t) return;
    const space = spaceOfTask(t);
    expect(t.query_budget_remaining).toBe(5);
    expect(t.variable_bounds).toEqual({ r_ohm: [1000, 100000], c_nf: [1, 1000] });
    // Trap R = 5 kΩ, C = 10 nF: fc = 1/(2π·5e3·1e-8) = 3183.1 Hz ("3.18 kHz, too high"), I = 5/5e3 = 1 mA.
    expect(t.trap_design.result.target_value).toBeCloseTo(3183.1, 1);
    expect(t.trap_violations).toEqual(['max_target_error_pct', 'max_source_current_ma']);
    // Step 1 {R: 20000, C: 7.96 nF}: fc = 999.7 Hz, Isource = 0.25 mA (both met); stray shift 0.2/8.16 = 2.45 % > 2 % (dormant).
    const s1 = evaluated(space, { r_ohm: 20000, c_nf: 7.96 });
    expect(s1.result.target_value).toBeCloseTo(999.7, 1);
    expect(s1.result.source_current_ma).toBeCloseTo(0.25, 12);
    expect(s1.result.tolerance_shift_pct).toBeCloseTo(2.451, 3);
    expect(s1.violations).toEqual(['max_tolerance_shift_pct']);
    expect(t.reference.naive_escape).toEqual(s1);
    // Step 3 {R: 15000, C: 10.6 nF}: fc = 1001.0 Hz, Isource = 0.333 mA, every limit met.
    const s3 = evaluated(space, { r_ohm: 15000, c_nf: 10.6 });
    expect(s3.result.target_value).toBeCloseTo(1001.0, 0);
    expect(s3.result.source_current_ma).toBeCloseTo(0.3333, 4);
    expect(s3.violations).toEqual([]);
    expect(t.reference.recovery_design).toEqual({ r_ohm: 15000, c_nf: 10.6 });
  });
});

describe('P4 policy flips', () => {
  it('has five feasible candidates, the stored order, and a top candidate that changes under another policy', () => {
    for (const t of tasks.P4 as CircuitP4Task[]) {
      const space = spaceOfTask(t);
      for (const c of t.candidates) expect(evaluated(space, c.design).result.feasible, `${t.task_id} ${c.id}`).toBe(true);
      const order = policyOrder(t.candidates, t.policy);
      expect(order).toEqual(t.reference.oracle_order);
      expect(policyOrder(t.candidates, 'performance_first')[0]).not.toBe(policyOrder(t.candidates, 'reliability_first')[0]);
      expect(policyOrder(t.candidates, t.reference.flip_policy)[0]).toBe(t.reference.flip_top);
      expect(t.reference.flip_top).not.toBe(order[0]);
    }
  });
});
