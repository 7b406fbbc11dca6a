import { describe, expect, it } from 'vitest';
import type { Transcript } from '../../core/veh/run/transcript.ts';
import { episodeStatusView, p2ScoreText, transcriptBudgetStop } from './episode-status.ts';

describe('episodeStatusView', () => {
  it('shows P2 using its whole query budget as a normal end, not a problem', () => {
    expect(episodeStatusView('budget_exceeded', undefined)).toMatchObject({ text: 'query budget used', tone: 'ok' });
  });

  it('shows an LLM episode budget stop as a problem that names the limit', () => {
    const v = episodeStatusView('budget_exceeded', 'max_turns');
    expect(v).toMatchObject({ text: 'LLM budget stop (max_turns)', tone: 'bad' });
    expect(v.explanation).toMatch(/never counts as a success/);
  });

  it('keeps completed clean and every other status a problem', () => {
    expect(episodeStatusView('completed', undefined).tone).toBe('ok');
    for (const s of ['parse_failure', 'cancelled', 'error'] as const) expect(episodeStatusView(s, undefined)).toMatchObject({ text: s, tone: 'bad' });
  });

  it('reads the budget stop from the end event of a transcript', () => {
    const stopped = { events: [{ type: 'message' }, { type: 'end', status: 'budget_exceeded', budget_limit: 'max_cost_usd' }] } as unknown as Transcript;
    const normal = { events: [{ type: 'end', status: 'budget_exceeded' }] } as unknown as Transcript;
    expect(transcriptBudgetStop(stopped)).toBe('max_cost_usd');
    expect(transcriptBudgetStop(normal)).toBeUndefined();
  });
});

describe('p2ScoreText', () => {
  it('an infeasible final design says so and scores 0, whatever its power ratio', () => {
    const s = p2ScoreText({ feasible: false, ratio: 0.009 });
    expect(s.text).toBe('infeasible · 0');
    expect(s.title).toMatch(/scores 0 \(its power \/ BKF would be 0\.009\)/);
  });

  it('a feasible one shows its power / BKF', () => {
    expect(p2ScoreText({ feasible: true, ratio: 0.8234 }).text).toBe('0.823');
  });
});
