import { describe, expect, it } from 'vitest';
import { deriveRow } from './derive-row.ts';
import { BKF_DESIGN, P3_PRIOR, P3_TRAP, fixtureP3, withTipMass } from './test-fixtures.ts';
import { runFixtureEpisode, scriptAgent } from './test-session.ts';
import type { P3Row } from '../rows.ts';

const p3row = async (...args: Parameters<typeof runFixtureEpisode>): Promise<P3Row> => {
  const row = deriveRow(await runFixtureEpisode(...args));
  if (row.probe !== 'P3') throw new Error('expected a P3 row');
  return row;
};

describe('P3 protocol', () => {
  it('runs the full budget even after a feasible design', async () => {
    const row = await p3row(fixtureP3(0), scriptAgent(() => ({ action: 'propose_design', design: BKF_DESIGN })));
    expect(row.steps).toHaveLength(4);
    expect(row.steps.every((s) => s.state?.result.feasible)).toBe(true);
    expect(row.final.design).toEqual(BKF_DESIGN);
    expect(row.status).toBe('completed');
    expect(row.trap.design).toEqual(P3_TRAP);
    expect(row.trap.result.feasible).toBe(false);
  });

  it('reset_to_prior without a design evaluates the trusted prior (history step 0)', async () => {
    const row = await p3row(fixtureP3(0), scriptAgent(() => ({ action: 'reset_to_prior' })));
    expect(row.steps.map((s) => s.action)).toEqual(['reset_to_prior', 'reset_to_prior', 'reset_to_prior', 'reset_to_prior']);
    expect(row.steps.every((s) => s.state?.design.tip_mass_g === P3_PRIOR.tip_mass_g)).toBe(true);
    expect(row.final.design).toEqual(P3_PRIOR);
    expect(row.final.result.feasible).toBe(true);
  });

  it('declare_infeasible and replan without a design evaluate nothing; final stays the last evaluated', async () => {
    const actions = [{ action: 'propose_design', design: withTipMass(1.9) }, { action: 'replan' }, { action: 'declare_infeasible' }, { action: 'propose_design' }];
    const row = await p3row(fixtureP3(0), scriptAgent((turn) => actions[turn] ?? {}));
    expect(row.steps.map((s) => [s.action, s.protocol_valid, s.state !== null])).toEqual([
      ['propose_design', true, true],
      ['replan', true, false],
      ['declare_infeasible', true, false],
      ['propose_design', false, false],
    ]);
    expect(row.final.design).toEqual(withTipMass(1.9));
  });

  it('final is the trap when nothing was evaluated', async () => {
    const row = await p3row(fixtureP3(0), scriptAgent(() => ({ action: 'declare_infeasible' })));
    expect(row.final).toEqual(row.trap);
  });

  it('"stop" is not a P3 action (retried, then a parse failure)', async () => {
    const row = await p3row(fixtureP3(0), scriptAgent(() => ({ action: 'stop' })));
    expect(row.status).toBe('parse_failure');
    expect(row.final).toEqual(row.trap);
  });

  it('state-summary variant hides notes and the raw history, and marks the row', async () => {
    let opening = '';
    const agent = scriptAgent((_t, messages) => {
      opening ||= messages[1]?.content ?? '';
      return { action: 'reset_to_prior' };
    });
    const row = await p3row(fixtureP3(0), agent, { p3Variant: 'state_summary' });
    expect(row.state_summary).toBe(true);
    expect(opening).toContain('"state_summary"');
    expect(opening).not.toContain('corrupted_history');
    expect(opening).not.toContain('prior assistant claimed');
    expect(row.final.design).toEqual(P3_PRIOR);
  });
});
