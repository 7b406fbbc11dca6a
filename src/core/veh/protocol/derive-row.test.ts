import { describe, expect, it } from 'vitest';
import { deriveRow } from './derive-row.ts';
import { fixtureBank } from './test-fixtures.ts';
import { runFixtureEpisode, scriptAgent } from './test-session.ts';
import { TranscriptSchema } from '../run/transcript.ts';
import { VehRowSchema } from '../rows.ts';
import { randomAgent } from '../agents/random-agent.ts';

describe('deriveRow', () => {
  it('gives the same row after a JSON round trip of the transcript, for every probe', async () => {
    for (const task of fixtureBank()) {
      const tr = await runFixtureEpisode(task, randomAgent, { seed: 3 });
      const back = TranscriptSchema.parse(JSON.parse(JSON.stringify(tr)));
      const row = deriveRow(tr);
      expect(VehRowSchema.parse(row)).toEqual(row);
      expect(deriveRow(back)).toEqual(row);
    }
  });

  it('derives a row for an episode that errored (agent throws)', async () => {
    const task = fixtureBank().find((t) => t.probe === 'P2');
    if (!task) throw new Error('fixture');
    const broken = scriptAgent(() => {
      throw new Error('endpoint down');
    });
    const tr = await runFixtureEpisode(task, broken);
    expect(tr.status).toBe('error');
    expect(tr.events.some((e) => e.type === 'error' && e.message === 'endpoint down')).toBe(true);
    const row = deriveRow(tr);
    expect(row.status).toBe('error');
    if (row.probe === 'P2') expect(row.final).toEqual(row.initial);
  });
});
