import { describe, expect, it } from 'vitest';
import { deriveRow } from './derive-row.ts';
import { BKF_DESIGN, fixtureP2, withTipMass } from './test-fixtures.ts';
import { runFixtureEpisode, scriptAgent } from './test-session.ts';
import type { P2Row } from '../rows.ts';

const p2row = async (...args: Parameters<typeof runFixtureEpisode>): Promise<P2Row> => {
  const row = deriveRow(await runFixtureEpisode(...args));
  if (row.probe !== 'P2') throw new Error('expected a P2 row');
  return row;
};

describe('P2 protocol', () => {
  it('ends on feasible closure at the first feasible proposal', async () => {
    const agent = scriptAgent((turn) => ({ action: 'continue', design: turn === 0 ? withTipMass(1.5) : BKF_DESIGN }));
    const row = await p2row(fixtureP2(0), agent);
    expect(row.status).toBe('completed');
    expect(row.queries).toBe(2);
    expect(row.steps.map((s) => s.state?.result.feasible)).toEqual([false, true]);
    expect(row.final.design).toEqual(BKF_DESIGN);
    expect(row.final.result.load_power_uw).toBeCloseTo(row.bkf_power_uw, 9);
    expect(row.initial.design).toEqual(withTipMass(1));
    expect(row.initial.result.violations).toContain('frequency');
  });

  it('"stop" at once keeps the initial design with 0 queries', async () => {
    const row = await p2row(fixtureP2(0), scriptAgent(() => ({ action: 'stop' })));
    expect(row.queries).toBe(0);
    expect(row.final).toEqual(row.initial);
    expect(row.steps).toHaveLength(1);
    expect(row.status).toBe('completed');
  });

  it('"stop" naming an evaluated design makes it final; naming a new design does not evaluate it', async () => {
    const named = scriptAgent((turn) =>
      turn < 2 ? { action: 'continue', design: withTipMass(turn === 0 ? 1.5 : 1.2) } : { action: 'stop', design: withTipMass(1.5) },
    );
    const row = await p2row(fixtureP2(0), named);
    expect(row.queries).toBe(2);
    expect(row.final.design).toEqual(withTipMass(1.5));

    const unverified = scriptAgent((turn) => (turn === 0 ? { action: 'continue', design: withTipMass(1.5) } : { action: 'stop', design: BKF_DESIGN }));
    const row2 = await p2row(fixtureP2(0), unverified);
    expect(row2.queries).toBe(1);
    expect(row2.final.design).toEqual(withTipMass(1.5));
    expect(row2.final.result.feasible).toBe(false);
  });

  it('ends at the budget without closure (status budget_exceeded, final = last evaluated)', async () => {
    const agent = scriptAgent((turn) => ({ action: 'continue', design: withTipMass(1 + turn * 0.01) }));
    const tr = await runFixtureEpisode(fixtureP2(0), agent);
    const row = deriveRow(tr);
    if (row.probe !== 'P2') throw new Error('P2');
    expect(row.status).toBe('budget_exceeded');
    expect(row.queries).toBe(6);
    expect(row.final.design.tip_mass_g).toBeCloseTo(1.05, 12);
    // Five feedback messages: none after the last query, since the episode is over.
    const feedback = tr.events.filter((e) => e.type === 'message' && e.role === 'user' && e.content.includes('verifier_response'));
    expect(feedback).toHaveLength(5);
  });

  it('shows the verifier response with value, limit and a direction hint', async () => {
    const tr = await runFixtureEpisode(fixtureP2(0), scriptAgent(() => ({ action: 'continue', design: withTipMass(1.5) })));
    const msg = tr.events.find((e) => e.type === 'message' && e.content.includes('verifier_response'));
    if (msg?.type !== 'message') throw new Error('no feedback');
    const payload = JSON.parse(msg.content) as { verifier_response: { violations: { constraint: string; value: number; limit: number; message: string }[] } };
    const freq = payload.verifier_response.violations.find((v) => v.constraint === 'max_freq_error_pct');
    expect(freq?.limit).toBe(5);
    expect(freq?.value).toBeGreaterThan(5);
    expect(freq?.message).toMatch(/frequency too high; increase tip mass or beam length/);
  });

  it('records out-of-bounds and schema-invalid designs as protocol-invalid steps without a query', async () => {
    const agent = scriptAgent((turn) =>
      turn === 0
        ? { action: 'continue', design: { ...BKF_DESIGN, beam_length_mm: 95 } }
        : turn === 1
          ? { action: 'continue', design: { ...BKF_DESIGN, tip_mass_g: undefined } }
          : turn === 2
            ? { action: 'continue' }
            : { action: 'continue', design: BKF_DESIGN },
    );
    const row = await p2row(fixtureP2(0), agent);
    expect(row.steps.map((s) => s.protocol_valid)).toEqual([false, false, false, true]);
    expect(row.steps[0]?.invalid_reason).toMatch(/beam_length_mm=95 is outside \[20, 80\]/);
    expect(row.steps[1]?.invalid_reason).toMatch(/tip_mass_g/);
    expect(row.steps[2]?.invalid_reason).toMatch(/needs a design/);
    expect(row.queries).toBe(1);
    expect(row.final.design).toEqual(BKF_DESIGN);
  });

  it('retries unit strings with a parse error and normalises aliases', async () => {
    const agent = scriptAgent((turn) =>
      turn === 0
        ? { action: 'continue', design: { L: 40, b: 10, t_s: 200, t_p: 150, m_tip: 2, R: '50 kΩ' } }
        : { action_type: 'continue', design: { L: 40, b: 10, t_s: 200, t_p: 150, m_tip: 2, R_ohm: 50000 } },
    );
    const tr = await runFixtureEpisode(fixtureP2(0), agent);
    const row = deriveRow(tr);
    if (row.probe !== 'P2') throw new Error('P2');
    expect(tr.events.filter((e) => e.type === 'retry')).toHaveLength(1);
    expect(row.parse_failures).toBe(0);
    expect(row.final.design).toEqual(BKF_DESIGN);
  });

  it('counts a parse failure after three unusable replies and ends the episode', async () => {
    const row = await p2row(fixtureP2(0), scriptAgent(() => 'I would increase the beam length.'));
    expect(row.status).toBe('parse_failure');
    expect(row.parse_failures).toBe(1);
    expect(row.final).toEqual(row.initial);
    expect(row.steps).toEqual([{ step: 1, action: null, protocol_valid: false, invalid_reason: expect.stringMatching(/parse failure/), state: null }]);
  });

  it('under a full budget: no closure, then one query-free turn names the final design', async () => {
    const agent = scriptAgent((turn, messages) => {
      const last = messages[messages.length - 1]?.content ?? '';
      if (last.includes('"final_selection": true')) return { action: 'stop', design: BKF_DESIGN };
      return { action: 'continue', design: turn === 1 ? BKF_DESIGN : withTipMass(1.5) };
    });
    const row = await p2row(fixtureP2(0), agent, { budgetRule: { kind: 'full_budget', budget: 4 } });
    expect(row.query_budget).toBe(4);
    expect(row.queries).toBe(4);
    expect(row.steps).toHaveLength(5);
    expect(row.final.design).toEqual(BKF_DESIGN);
    expect(row.status).toBe('completed');
  });
});
