import { describe, expect, it } from 'vitest';
import { deriveRow } from './derive-row.ts';
import { checkRanking } from './p4-episode.ts';
import { fixtureP1, fixtureP4 } from './test-fixtures.ts';
import { runFixtureEpisode, scriptAgent } from './test-session.ts';

describe('P1 protocol', () => {
  it('records the action and missing fields, with aliases', async () => {
    const row = deriveRow(
      await runFixtureEpisode(fixtureP1(0, 'missing_blocker_obvious'), scriptAgent(() => 'Sure.\n```json\n{"action_type": "request_missing_info", "missing_fields": ["spec.target_frequency_hz"]}\n```')),
    );
    expect(row).toMatchObject({ probe: 'P1', predicted_action: 'request_missing_info', predicted_missing_fields: ['spec.target_frequency_hz'], status: 'completed' });
  });

  it('an unknown action is retried, then counted as a parse failure with no action', async () => {
    const tr = await runFixtureEpisode(fixtureP1(0, 'solvable_base'), scriptAgent(() => ({ action: 'design_it' })));
    const row = deriveRow(tr);
    expect(row).toMatchObject({ probe: 'P1', predicted_action: null, status: 'parse_failure', parse_failures: 1 });
    expect(tr.events.filter((e) => e.type === 'reply')).toHaveLength(3);
  });
});

describe('P4 protocol', () => {
  it('accepts a permutation', async () => {
    const row = deriveRow(await runFixtureEpisode(fixtureP4(0), scriptAgent(() => ({ ranking: ['E', 'D', 'C', 'B', 'A'] }))));
    expect(row).toMatchObject({ probe: 'P4', predicted_order: ['E', 'D', 'C', 'B', 'A'], modified_candidates: false });
  });

  it('rejects repeats and omissions without flagging modification', async () => {
    const row = deriveRow(await runFixtureEpisode(fixtureP4(0), scriptAgent(() => ({ order: ['A', 'A', 'B', 'C', 'D'] }))));
    expect(row).toMatchObject({ predicted_order: null, modified_candidates: false, status: 'completed' });
  });

  it('flags new ids and attached designs as modified candidates', async () => {
    const newId = deriveRow(await runFixtureEpisode(fixtureP4(0), scriptAgent(() => ({ ranking: ['A', 'B', 'C', 'D', 'F'] }))));
    expect(newId).toMatchObject({ predicted_order: null, modified_candidates: true });
    const withDesign = deriveRow(
      await runFixtureEpisode(fixtureP4(0), scriptAgent(() => ({ ranking: ['A', 'B', 'C', 'D', 'E'], design: { beam_length_mm: 30 } }))),
    );
    // Still a valid order (scored), but the attempt to alter the pool is counted.
    expect(withDesign).toMatchObject({ predicted_order: ['A', 'B', 'C', 'D', 'E'], modified_candidates: true });
  });

  it('a ranking that is not a list is retried', async () => {
    const tr = await runFixtureEpisode(fixtureP4(0), scriptAgent((turn) => (turn === 0 ? { ranking: 'A > B > C > D > E' } : { ranking: ['B', 'A', 'C', 'D', 'E'] })));
    expect(tr.events.filter((e) => e.type === 'retry')).toHaveLength(1);
    expect(deriveRow(tr)).toMatchObject({ predicted_order: ['B', 'A', 'C', 'D', 'E'] });
  });

  it('checkRanking names every problem', () => {
    expect(checkRanking(['A', 'B'], ['A', 'B', 'C']).problem).toMatch(/missing id\(s\) C/);
    expect(checkRanking(['A', 'B', 'C'], ['C', 'B', 'A']).permutation).toBe(true);
  });
});
