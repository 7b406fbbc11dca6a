/**
 * Appendix N.8 (circuit P3 dual trap) replayed through the circuit P3 protocol on the bank's N.8
 * task (src/core/circuit-audit/bank/n8.ts), by a scripted agent making the walkthrough's moves:
 * step 1 {R 20 kΩ, C 7.96 nF}, then the recovery {R 15 kΩ, C 10.6 nF} (the walkthrough's step 3;
 * its step 2 is the verifier's reply to step 1), kept for the rest of the five-turn budget.
 */
import { describe, expect, it } from 'vitest';
import { scriptedAgent } from '../../veh/agents/scripted.ts';
import { buildN8Task, N8_STEP1, N8_STEP3, N8_TASK_ID } from '../bank/n8.ts';
import { summariseCircuitP3 } from '../metrics/p3.ts';
import { referenceCircuitOracle } from './reference-oracle.ts';
import { runCircuitSuite } from './run-suite.ts';

const n8Agent = scriptedAgent({
  id: 'n8-walkthrough',
  label: 'N.8 walkthrough',
  description: 'The moves of Appendix N.8.',
  privileged: false,
  strategy: () => (v) => ({ action: 'propose_design', design: v.turn === 0 ? N8_STEP1 : N8_STEP3, reason: 'N.8 walkthrough' }),
});

describe('Appendix N.8 replay', () => {
  it('escapes the trap, trips the dormant tolerance limit, recovers, and is not a cascade', async () => {
    let t = 0;
    const task = buildN8Task('test_id', 1);
    expect(task.task_id).toBe(N8_TASK_ID);
    const r = await runCircuitSuite({ tasks: [task], agent: n8Agent, oracle: referenceCircuitOracle, clock: () => (t += 1), seed: 1, resamples: 50 });
    const row = r.rows[0];
    if (row?.probe !== 'P3') throw new Error('expected a P3 row');
    // Trap R = 5 kΩ, C = 10 nF: fc = 1/(2π·5 kΩ·10 nF) = 3.18 kHz (too high) and 5 V / 5 kΩ = 1 mA > 0.5 mA.
    expect(row.trap.result.metrics.target_value).toBeCloseTo(3183.1, 1);
    expect(row.trap.result.violations.map((v) => v.constraint).sort()).toEqual(['max_source_current_ma', 'max_target_error_pct']);
    const [s1, s2] = row.steps;
    // Step 1: fc = 1/(2π·20 kΩ·7.96 nF) = 999.7 Hz, 0.25 mA, but stray shift 0.2/(7.96+0.2) = 2.45 % > 2 %.
    expect(s1?.state?.result.metrics.target_value).toBeCloseTo(999.7, 1);
    expect(s1?.state?.result.metrics.source_current_ma).toBeCloseTo(0.25, 12);
    expect(s1?.state?.result.violations.map((v) => v.constraint)).toEqual(['max_tolerance_shift_pct']);
    // Walkthrough step 3: fc = 1/(2π·15 kΩ·10.6 nF) = 1001.0 Hz, 0.333 mA, shift 1.85 %: feasible.
    expect(s2?.state?.result.metrics.target_value).toBeCloseTo(1001.0, 1);
    expect(s2?.state?.result.metrics.source_current_ma).toBeCloseTo(1 / 3, 12);
    expect(s2?.state?.result.feasible).toBe(true);
    expect(row.steps).toHaveLength(task.query_budget_remaining);
    expect(summariseCircuitP3(row)).toMatchObject({ escaped: true, cascade: false, success: true, dead: false, replan: false, reset: false });
    expect(r.metrics.P3?.p3_success?.value).toBe(1);
    expect(r.metrics.P3?.cascade_rate?.value).toBe(0);
  });
});
