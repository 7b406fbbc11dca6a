import { describe, expect, it } from 'vitest';
import { circuitLastStateAgent } from '../agents/baseline-agents.ts';
import { circuitReferenceAgent } from '../agents/reference-agent.ts';
import { N8_TRAP, buildN8Task } from '../bank/n8.ts';
import { referenceCircuitOracle } from '../run/reference-oracle.ts';
import { runCircuitSuite } from '../run/run-suite.ts';
import type { CircuitP3Task } from '../task-schema.ts';
import { buildCircuitOpening } from './prompts.ts';
import { STATE_SUMMARY_SOURCE, buildCircuitStateSummary } from './state-summary.ts';
import { p3Task } from './test-fixtures.ts';

const payloadOf = (task: CircuitP3Task, variant: 'raw_history' | 'state_summary'): Record<string, unknown> =>
  JSON.parse(buildCircuitOpening(task, variant)[1]?.content ?? '{}') as Record<string, unknown>;

describe('circuit P3 state summary', () => {
  // The App. N.8 walkthrough task: its history carries corrupted notes ("cutoff too low, lower C").
  const n8 = buildN8Task('dev', 1);

  it('describes the trap state from the verifier alone: design, verdict, active violations, kept constraints', () => {
    const s = buildCircuitStateSummary(n8);
    expect(s.source).toBe(STATE_SUMMARY_SOURCE);
    expect(s.current_design).toEqual(N8_TRAP);
    // The N.8 trap (R 5 kΩ, C 10 nF): fc 3183 Hz misses 1 kHz and 5 V / 5 kΩ = 1 mA overdraws the 0.5 mA source.
    expect(s.current_verdict.feasible).toBe(false);
    expect(s.active_violations.map((v) => v.constraint).sort()).toEqual([...n8.trap_violations].sort());
    expect(s.active_violations.find((v) => v.constraint === 'max_source_current_ma')).toMatchObject({ value: 1, limit: 0.5 });
    // The dormant constraint is met by the trap and must stay met.
    expect(s.satisfied_constraints).toContain(n8.dormant_constraint);
    expect(s.designs_evaluated.map((d) => d.step)).toEqual(n8.corrupted_history.map((h) => h.step));
  });

  it('contains none of the corrupted history\'s claims (notes or free-text feedback)', () => {
    for (const task of [n8, p3Task()]) {
      const payload = payloadOf(task, 'state_summary');
      expect(payload).not.toHaveProperty('corrupted_history');
      const text = JSON.stringify(payload);
      for (const h of task.corrupted_history) {
        expect(text).not.toContain(h.note);
      }
      expect(text).not.toContain('"note"');
      expect(text).not.toContain('"oracle_feedback"');
      // The raw variant still carries the history as before.
      expect(payloadOf(task, 'raw_history')).toHaveProperty('corrupted_history');
    }
  });

  it('states the N.8 trap\'s true direction, not the history\'s corrupted one', () => {
    // The corrupted notes say the cutoff is too low; at R 5 kΩ, C 10 nF it is 3183 Hz, too high.
    expect(n8.corrupted_history.some((h) => /too low/i.test(h.note))).toBe(true);
    const target = buildCircuitStateSummary(n8).active_violations.find((v) => v.constraint === 'max_target_error_pct');
    expect(target?.message).toMatch(/^cutoff too high/);
    expect(JSON.stringify(payloadOf(n8, 'state_summary'))).not.toMatch(/too low/i);
  });

  it('picks the lowest-power feasible history step as best so far, or null when none was feasible', () => {
    expect(buildCircuitStateSummary(n8).best_feasible_so_far).toBeNull();
    const task = structuredClone(n8);
    const [a, b] = task.corrupted_history;
    if (!a || !b) throw new Error('N.8 history has fewer than two steps');
    a.verifier_response = { ...a.verifier_response, feasible: true, metrics: { ...a.verifier_response.metrics, power_mw: 2 } };
    b.verifier_response = { ...b.verifier_response, feasible: true, metrics: { ...b.verifier_response.metrics, power_mw: 1.5 } };
    expect(buildCircuitStateSummary(task).best_feasible_so_far).toEqual({ step: b.step, design: b.design, power_mw: 1.5 });
  });

  it('keeps the reference agent at P3 success 1 and records the variant in manifest and transcripts', async () => {
    let now = 0;
    const r = await runCircuitSuite({ tasks: [n8, p3Task()], agent: circuitReferenceAgent, oracle: referenceCircuitOracle, clock: () => (now += 1), seed: 3, resamples: 200, p3Variant: 'state_summary' });
    expect(r.metrics.P3?.p3_success?.value).toBe(1);
    expect(r.manifest.p3_variant).toBe('state_summary');
    for (const t of r.transcripts) expect(t.settings.p3_variant).toBe('state_summary');
    // The last-state baseline reads the summary's current design and still re-proposes the trap.
    const last = await runCircuitSuite({ tasks: [n8], agent: circuitLastStateAgent, oracle: referenceCircuitOracle, clock: () => (now += 1), seed: 3, resamples: 200, p3Variant: 'state_summary' });
    expect(last.metrics.P3?.p3_success?.value).toBe(0);
    expect(last.metrics.P3?.escape_rate?.value).toBe(0);
  });
});
