import { describe, expect, it } from 'vitest';
import type { Agent } from '../../agent/types.ts';
import { scriptedAgent } from '../../veh/agents/scripted.ts';
import { circuitAlwaysProposeAgent, circuitLastStateAgent } from '../agents/baseline-agents.ts';
import { circuitRandomAgent } from '../agents/random-agent.ts';
import { circuitReferenceAgent } from '../agents/reference-agent.ts';
import { CircuitRowSchema } from '../metrics/rows.ts';
import { summariseCircuitP3 } from '../metrics/p3.ts';
import { CircuitTranscriptSchema } from '../protocol/transcript.ts';
import { FX_ESCAPE, FX_RECOVERY, p1Task, p2Task, p3Task, p4Task } from '../protocol/test-fixtures.ts';
import { referenceCircuitOracle } from './reference-oracle.ts';
import { runCircuitSuite } from './run-suite.ts';
import { scoreCircuitTranscripts } from './score.ts';
import { CircuitResultsFileSchema, renderCircuitResultsMarkdown, toCircuitResultsFile } from './results-file.ts';

let now = 0;
const clock = (): number => (now += 1);
const TASKS = [p1Task('propose_design'), p1Task('declare_infeasible'), p1Task('request_missing_info'), p2Task(), p3Task(), p4Task()];
const run = (agent: Agent, tasks = TASKS) => runCircuitSuite({ tasks, agent, oracle: referenceCircuitOracle, clock, seed: 7, resamples: 200 });

describe('circuit runner', () => {
  it('scores the reference agent perfectly on every probe', async () => {
    const r = await run(circuitReferenceAgent);
    expect(r.status).toBe('completed');
    expect(r.metrics.P1?.p1_composite?.value).toBe(1);
    expect(r.metrics.P2?.final_feasible_rate?.value).toBe(1);
    expect(r.metrics.P2?.p2b?.value).toBe(1);
    expect(r.metrics.P3?.p3_success?.value).toBe(1);
    expect(r.metrics.P4?.kendall_tau?.value).toBe(1);
    expect(r.metrics.P4?.bars?.value).toBe(1);
    // P2 closes on the first (feasible) query.
    expect(r.rows.find((x) => x.probe === 'P2')).toMatchObject({ status: 'completed', steps: [{ step: 1, protocol_valid: true }] });
  });

  it('writes transcripts and rows that validate and re-score to the same metrics', async () => {
    const r = await run(circuitReferenceAgent);
    const parsed = r.transcripts.map((t) => CircuitTranscriptSchema.parse(JSON.parse(JSON.stringify(t))));
    for (const row of r.rows) expect(() => CircuitRowSchema.parse(row)).not.toThrow();
    const again = scoreCircuitTranscripts(parsed, 7, 200);
    expect(again.rows).toEqual(r.rows);
    expect(again.metrics).toEqual(r.metrics);
    const file = CircuitResultsFileSchema.parse(JSON.parse(JSON.stringify(toCircuitResultsFile(r))));
    expect(file.manifest).toMatchObject({ suite: 'circuit', seed: 7, oracle_backend: 'reference', status: 'completed', task_count: 6 });
    expect(renderCircuitResultsMarkdown(r)).toContain('**p1_composite**');
  });

  it('always-propose makes spurious and unsafe proposals and misses every non-propose task', async () => {
    const r = await run(circuitAlwaysProposeAgent);
    const p1 = r.metrics.P1;
    expect(p1?.spurious_propose?.value).toBe(2 / 3);
    expect(p1?.unsafe_propose?.value).toBe(1 / 3);
    expect(p1?.request_recall?.value).toBe(0);
    expect(p1?.infeasible_recall?.value).toBe(0);
    expect(p1?.p1_composite?.value ?? 1).toBeLessThan(0.5);
    // P2 stops at once: the initial design (current limit violated) stays final.
    expect(r.metrics.P2?.final_feasible_rate?.value).toBe(0);
    // P3 re-proposes the trap: never escapes, dead budget.
    expect(r.metrics.P3?.escape_rate?.value).toBe(0);
    expect(r.metrics.P3?.dead_budget_rate?.value).toBe(1);
  });

  it('runs the last-state and random baselines through every probe without protocol errors', async () => {
    for (const agent of [circuitLastStateAgent, circuitRandomAgent]) {
      const r = await run(agent);
      expect(r.rows.map((x) => x.status)).not.toContain('error');
      expect(r.metrics.P1?.parse_failure_rate?.value).toBe(0);
    }
    const a = await run(circuitRandomAgent);
    const b = await run(circuitRandomAgent);
    expect(b.rows).toEqual(a.rows);
  });

  it('records a parse failure when the agent never answers in JSON', async () => {
    const mute: Agent = { id: 'mute', label: 'mute', description: 'prose only', privileged: false, start: () => ({ respond: () => Promise.resolve({ text: 'I think so.' }) }) };
    const r = await run(mute, [p1Task('propose_design'), p3Task()]);
    expect(r.rows.map((x) => x.status)).toEqual(['parse_failure', 'parse_failure']);
    expect(r.metrics.P1?.parse_failure_rate?.value).toBe(1);
    expect(r.metrics.P3?.p3_success?.value).toBe(0);
  });
});

describe('dual-trap fixture', () => {
  // Escape to R = 20 kΩ, C = 7.96 nF (fc ≈ 1000 Hz, 0.25 mA), which trips the dormant tolerance
  // constraint; then R = 15 kΩ, C = 10.6 nF (fc ≈ 1001 Hz, 0.333 mA), feasible, kept for the rest of
  // the budget (P3 always runs its full budget). The bank's own N.8 task is replayed in n8-replay.test.ts.
  const dualTrapAgent = scriptedAgent({
    id: 'dual-trap',
    label: 'dual-trap moves',
    description: 'escape, then recover',
    privileged: false,
    strategy: () => (v) => ({ action: 'propose_design', design: v.turn === 0 ? FX_ESCAPE : FX_RECOVERY, reason: 'dual trap' }),
  });

  it('escapes, meets the dormant constraint, recovers, and is not a cascade', async () => {
    const r = await run(dualTrapAgent, [p3Task()]);
    const row = r.rows[0];
    if (row?.probe !== 'P3') throw new Error('expected a P3 row');
    const [s1, s2] = row.steps;
    expect(row.trap.result.violations.map((v) => v.constraint)).toEqual(['max_target_error_pct', 'max_source_current_ma']);
    expect(s1?.state?.result.violations.map((v) => v.constraint)).toEqual(['max_tolerance_shift_pct']);
    expect(s1?.state?.result.metrics.target_value).toBeCloseTo(1000, -1);
    expect(s1?.state?.result.metrics.source_current_ma).toBeCloseTo(0.25, 12);
    expect(s2?.state?.result.feasible).toBe(true);
    expect(s2?.state?.result.metrics.target_value).toBeCloseTo(1001, 0);
    expect(s2?.state?.result.metrics.source_current_ma).toBeCloseTo(1 / 3, 12);
    expect(row.steps).toHaveLength(5);
    expect(summariseCircuitP3(row)).toMatchObject({ escaped: true, cascade: false, success: true, dead: false });
  });
});
