import { describe, expect, it } from 'vitest';
import type { TranscriptEvent } from '../../core/agent/events.ts';
import { textPreview } from '../components/text-preview.ts';
import { eventCounts, formatDuration, tokenTotals, transcriptFilename } from './transcript-summary.ts';

const reply = (usage?: { input_tokens: number; output_tokens: number }): TranscriptEvent => ({
  type: 'reply',
  t_ms: 1,
  attempt: 0,
  text: '{}',
  ...(usage ? { usage } : {}),
  duration_ms: 1,
});

describe('transcript summary', () => {
  it('totals tokens only over replies that report usage, and omits them when none do', () => {
    expect(tokenTotals([reply(), reply()])).toBeNull();
    expect(tokenTotals([reply({ input_tokens: 10, output_tokens: 3 }), reply(), reply({ input_tokens: 5, output_tokens: 2 })])).toEqual({
      input: 15,
      output: 5,
      replies: 2,
    });
  });

  it('counts retries, parse failures and invalid actions', () => {
    const events: TranscriptEvent[] = [
      reply(),
      { type: 'retry', t_ms: 2, retry: 1, problem: 'no JSON' },
      { type: 'parse_failure', t_ms: 3, attempts: 3, problem: 'no JSON' },
      { type: 'action', t_ms: 4, step: 1, action: null, protocol_valid: false, invalid_reason: 'x', design: null, evaluated: false, reason: null },
    ];
    expect(eventCounts(events)).toMatchObject({ replies: 1, retries: 1, parseFailures: 1, invalidActions: 1, agentQueries: 0 });
  });

  it('keeps download names to safe characters', () => {
    const name = transcriptFilename({ task: { task_id: '../p2/<x>' } as never, agent: { id: 'ref agent' } as never });
    expect(name).toBe('vehbench-transcript-_p2_x_-ref_agent.json');
  });

  it('formats durations in ms or s', () => {
    expect(formatDuration(12.4)).toBe('12 ms');
    expect(formatDuration(2500)).toBe('2.5 s');
  });
});

describe('textPreview', () => {
  it('returns short texts whole', () => {
    expect(textPreview('a\nb')).toEqual({ preview: 'a\nb', hiddenLines: 0, truncated: false });
  });

  it('cuts long texts to their first lines and says how many are hidden', () => {
    const text = Array.from({ length: 30 }, (_, i) => `line ${i}`).join('\n');
    const p = textPreview(text, 12);
    expect(p.truncated).toBe(true);
    expect(p.preview.split('\n')).toHaveLength(12);
    expect(p.hiddenLines).toBe(18);
  });
});
