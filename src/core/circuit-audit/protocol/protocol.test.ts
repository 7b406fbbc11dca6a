import { describe, expect, it } from 'vitest';
import type { Agent } from '../../agent/types.ts';
import { scriptedAgent } from '../../veh/agents/scripted.ts';
import { referenceCircuitOracle } from '../run/reference-oracle.ts';
import { runCircuitEpisode } from '../run/run-episode.ts';
import type { CircuitTask } from '../task-schema.ts';
import { checkCircuitDesign } from './design-check.ts';
import { deriveCircuitRow } from './derive-row.ts';
import { interpretCircuitTurn } from './interpret.ts';
import { buildCircuitOpening } from './prompts.ts';
import { FX_ESCAPE, FX_RECOVERY, FX_TRAP, evaluated, p1Task, p2Task, p3Task, p4Task } from './test-fixtures.ts';
import { circuitVerifierResponse } from './verifier-response.ts';

let t = 0;
const clock = (): number => (t += 1);

function episode(task: CircuitTask, replies: readonly unknown[]) {
  const agent: Agent = scriptedAgent({
    id: 'script',
    label: 'script',
    description: 'fixed replies',
    privileged: false,
    strategy: () => (v) => (replies[Math.min(v.turn, replies.length - 1)] ?? {}) as never,
  });
  return runCircuitEpisode({ task, taskIndex: 0, agent, oracle: referenceCircuitOracle, clock, runSeed: 1, signal: new AbortController().signal });
}

describe('circuit prompts', () => {
  it('never show the hidden reference or provenance', () => {
    for (const task of [p1Task('declare_infeasible'), p2Task(), p3Task(), p4Task()]) {
      const text = buildCircuitOpening(task)
        .map((m) => m.content)
        .join('\n');
      expect(text).not.toContain('reference');
      expect(text).not.toContain('test-fixtures');
      expect(text).not.toContain('gold');
      expect(text).not.toContain('naive_escape');
      expect(text).toContain(`"probe": "${task.probe}"`);
    }
  });
});

describe('reading a turn', () => {
  it('maps short variable names, retries unit strings, keeps the action list strict', () => {
    expect(interpretCircuitTurn({ action: 'continue', design: { R: 20000, C: 7.96 } }, ['continue', 'stop'])).toEqual({
      ok: true,
      value: { action: 'continue', design: { r_ohm: 20000, c_nf: 7.96 }, reason: null },
    });
    const units = interpretCircuitTurn({ action: 'continue', design: { r_ohm: '20k', c_nf: 7.96 } }, ['continue', 'stop']);
    expect(units.ok ? '' : units.problem).toMatch(/plain JSON number/);
    expect(interpretCircuitTurn({ action: 'go' }, ['continue', 'stop']).ok).toBe(false);
  });

  it('checks designs against the family and the bounds', () => {
    const b = { r_ohm: [1000, 100000] as [number, number], c_nf: [1, 1000] as [number, number] };
    expect(checkCircuitDesign({ r_ohm: 2e4, c_nf: 7.96 }, 'rc_lowpass', b)).toEqual({ ok: true, design: { r_ohm: 2e4, c_nf: 7.96 } });
    const out = checkCircuitDesign({ r_ohm: 500, c_nf: 7.96, l_mh: 1 }, 'rc_lowpass', b);
    expect(out.ok ? '' : out.reason).toMatch(/unknown design variable\(s\) l_mh.*r_ohm=500 is outside \[1000, 100000\]/);
  });
});

describe('verifier response', () => {
  it('names each violated constraint with the direction the RC formula implies', () => {
    const trap = evaluated(FX_TRAP);
    const r = circuitVerifierResponse(trap.result, { max_target_error_pct: 2, max_source_current_ma: 0.5, max_tolerance_shift_pct: 2 }, 1000);
    expect(r.feasible).toBe(false);
    expect(r.violations.map((v) => v.constraint)).toEqual(['max_target_error_pct', 'max_source_current_ma']);
    // fc = 1/(2π·5 kΩ·100 nF) = 318.3 Hz < 1 kHz: too low, so R or C must decrease.
    expect(r.violations[0]?.message).toMatch(/too low.*decrease R or C/);
    expect(r.metrics.cutoff_hz).toBe(318.31);
  });
});

describe('circuit episodes', () => {
  it('P2: an invalid design costs a turn without a query; stop names an evaluated design as final', async () => {
    const tr = await episode(p2Task(), [
      { action: 'continue', design: { r_ohm: 10, c_nf: 5 } },
      { action: 'continue', design: FX_ESCAPE },
      { action: 'stop', design: FX_ESCAPE },
    ]);
    const row = deriveCircuitRow(tr);
    if (row.probe !== 'P2') throw new Error('P2 row expected');
    expect(row.steps.map((s) => [s.step, s.protocol_valid, s.state !== null])).toEqual([
      [1, false, false],
      [2, true, true],
      [3, true, false],
    ]);
    expect(row.final.design).toEqual(FX_ESCAPE);
    expect(row.final.result.violations.map((v) => v.constraint)).toEqual(['max_tolerance_shift_pct']);
    expect(tr.events.filter((e) => e.type === 'circuit_oracle_call').map((e) => (e.type === 'circuit_oracle_call' ? e.purpose : ''))).toEqual(['harness', 'agent']);
  });

  it('P2: feasible closure ends the episode at the first feasible query', async () => {
    const tr = await episode(p2Task(), [{ action: 'continue', design: FX_RECOVERY }]);
    const row = deriveCircuitRow(tr);
    expect(tr.status).toBe('completed');
    expect(row.probe === 'P2' && row.final.result.feasible).toBe(true);
  });

  it('P3: reset_to_prior without a design re-evaluates history step 0; declare_infeasible evaluates nothing', async () => {
    const task = p3Task();
    const tr = await episode(task, [{ action: 'reset_to_prior' }, { action: 'declare_infeasible' }]);
    const row = deriveCircuitRow(tr);
    if (row.probe !== 'P3') throw new Error('P3 row expected');
    expect(row.steps).toHaveLength(5);
    expect(row.steps[0]?.state?.design).toEqual(task.corrupted_history[0]?.design);
    expect(row.steps.slice(1).every((s) => s.state === null && s.protocol_valid)).toBe(true);
    expect(row.final.design).toEqual(task.corrupted_history[0]?.design);
  });

  it('P4: a ranking that is not a permutation is not scored; extra designs mark the pool as modified', async () => {
    const tr = await episode(p4Task(), [{ ranking: ['A', 'B', 'Z'], design: { r_ohm: 1 } }]);
    const row = deriveCircuitRow(tr);
    expect(row).toMatchObject({ probe: 'P4', predicted_order: null, modified_candidates: true });
  });
});
