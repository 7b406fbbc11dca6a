import { describe, expect, it } from 'vitest';
import { PROBES } from '../task-schema.ts';
import { CONTROL_CONDITIONS, NEUTRAL_BLOCK, TARGETED_BLOCKS, controlBlockFor, p3VariantUnder } from './control-blocks.ts';
import { P1_SYSTEM_PROMPT, P2_SYSTEM_PROMPT, P3_SYSTEM_PROMPT, P4_SYSTEM_PROMPT, buildEpisodeOpening } from './prompts.ts';
import { fixtureP1, fixtureP2, fixtureP3, fixtureP4 } from './test-fixtures.ts';

const TASKS = { P1: fixtureP1(0, 'solvable_base'), P2: fixtureP2(0), P3: fixtureP3(0), P4: fixtureP4(0) };
const STANDARD = { P1: P1_SYSTEM_PROMPT, P2: P2_SYSTEM_PROMPT, P3: P3_SYSTEM_PROMPT, P4: P4_SYSTEM_PROMPT };

describe('control blocks (Appendix Q)', () => {
  it('default leaves every opening byte-identical to the standard prompts', () => {
    for (const probe of PROBES) {
      expect(buildEpisodeOpening(TASKS[probe], { control: 'default' })).toEqual(buildEpisodeOpening(TASKS[probe]));
      expect(buildEpisodeOpening(TASKS[probe])[0]?.content).toBe(STANDARD[probe]);
    }
  });

  it('every other condition puts its block in front of the standard system prompt and leaves the payload alone', () => {
    for (const control of CONTROL_CONDITIONS.filter((c) => c !== 'default')) {
      for (const probe of PROBES) {
        const [system, user] = buildEpisodeOpening(TASKS[probe], { control });
        const block = controlBlockFor(control, probe);
        expect(block).not.toBeNull();
        expect(system?.content).toBe(`${block}\n\n${STANDARD[probe]}`);
        // state_summary_plus changes the P3 payload (state summary); everything else keeps it.
        if (!(control === 'state_summary_plus' && probe === 'P3')) expect(user).toEqual(buildEpisodeOpening(TASKS[probe])[1]);
      }
    }
  });

  it('maps each condition to the block Appendix Q.2 gives it', () => {
    for (const probe of PROBES) {
      expect(controlBlockFor('neutral', probe)).toBe(NEUTRAL_BLOCK);
      expect(controlBlockFor('targeted', probe)).toBe(TARGETED_BLOCKS[probe]);
      expect(controlBlockFor('state_summary_plus', probe)).toBe(TARGETED_BLOCKS[probe]);
    }
    // P1 and P2 get the P4 evaluator block, P4 the P2 bounded-edit block (Q.2); P3 the P4 block (our choice).
    expect(controlBlockFor('wrong_boundary', 'P1')).toBe(TARGETED_BLOCKS.P4);
    expect(controlBlockFor('wrong_boundary', 'P2')).toBe(TARGETED_BLOCKS.P4);
    expect(controlBlockFor('wrong_boundary', 'P3')).toBe(TARGETED_BLOCKS.P4);
    expect(controlBlockFor('wrong_boundary', 'P4')).toBe(TARGETED_BLOCKS.P2);
    // No targeted block is another probe's block.
    expect(new Set(Object.values(TARGETED_BLOCKS)).size).toBe(4);
  });

  it('state_summary_plus = targeted P3 block + state summary instead of the raw history', () => {
    expect(p3VariantUnder('state_summary_plus', 'raw_history')).toBe('state_summary');
    expect(p3VariantUnder('targeted', 'raw_history')).toBe('raw_history');
    const [system, user] = buildEpisodeOpening(TASKS.P3, { control: 'state_summary_plus', p3Variant: 'raw_history' });
    expect(system?.content.startsWith(TARGETED_BLOCKS.P3)).toBe(true);
    const payload = JSON.parse(user?.content ?? '{}') as Record<string, unknown>;
    expect(payload).toHaveProperty('state_summary');
    expect(payload).not.toHaveProperty('corrupted_history');
    expect(user).toEqual(buildEpisodeOpening(TASKS.P3, { p3Variant: 'state_summary' })[1]);
  });
});
