import { describe, expect, it } from 'vitest';
import type { TranscriptEvent } from '../../core/veh/protocol/events.ts';
import { textPreview } from '../components/text-preview.ts';
import { BASE_DESIGN } from '../../core/veh/metrics/test-utils.ts';
import { eventCounts, formatDuration, tokenTotals, transcriptFilename, turnTimings, turnTotals } from './transcript-summary.ts';

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

const request = {
  design: BASE_DESIGN,
  excitation: { frequency_hz: 55, acceleration_g: 0.5 },
  environment: { piezo_material: 'PZT-5A', substrate_material: 'SS304', damping_ratio: 0.01 },
  constraints: { max_stress_mpa: 50, max_disp_mm: 5, max_freq_error_pct: 5, min_power_uw: 1 },
} as unknown as Extract<TranscriptEvent, { type: 'oracle_call' }>['request'];
const result = {} as Extract<TranscriptEvent, { type: 'oracle_call' }>['result'];

const events: TranscriptEvent[] = [
  { type: 'message', t_ms: 0, role: 'system', content: 'sys' },
  { type: 'reply', t_ms: 120, attempt: 0, text: 'oops', duration_ms: 100, usage: { input_tokens: 50, output_tokens: 5 }, cost_usd: 0.001 },
  { type: 'parse', t_ms: 121, attempt: 0, ok: false, error: 'no JSON' },
  { type: 'retry', t_ms: 122, retry: 1, problem: 'no JSON' },
  { type: 'reply', t_ms: 300, attempt: 1, text: '{}', duration_ms: 150, usage: { input_tokens: 60, output_tokens: 7 }, cost_usd: 0.002 },
  { type: 'action', t_ms: 301, step: 0, action: 'propose_design', protocol_valid: true, invalid_reason: null, design: BASE_DESIGN, evaluated: true, reason: null },
  { type: 'oracle_call', t_ms: 305, step: 0, purpose: 'agent', label: 'step 0', request, result, duration_ms: 4 },
  { type: 'oracle_call', t_ms: 306, step: null, purpose: 'harness', label: 'initial', request, result, duration_ms: 9 },
  { type: 'reply', t_ms: 500, attempt: 0, text: '{}', duration_ms: 80, cost_usd: null },
];

describe('turn timings', () => {
  it('one row per reply; the action and agent oracle time go to the reply before them', () => {
    const turns = turnTimings(events);
    expect(turns.map((t) => [t.turn, t.attempt, t.step, t.valid])).toEqual([
      [1, 0, null, null],
      [2, 1, 0, true],
      [3, 0, null, null],
    ]);
    // Only the agent-purpose call (4 ms) counts; the harness call (9 ms) is not the agent's turn.
    expect(turns[1]?.oracleMs).toBe(4);
    expect(turns[1]?.oracleCalls).toBe(1);
    expect(turns[0]?.inputTokens).toBe(50);
    expect(turns[2]?.inputTokens).toBeNull();
  });

  it('totals: time summed, cost over priced turns, unknown prices counted', () => {
    const t = turnTotals(turnTimings(events));
    expect(t.replyMs).toBe(330);
    expect(t.oracleMs).toBe(4);
    expect(t.costUsd).toBeCloseTo(0.003, 12);
    expect(t.unpriced).toBe(1);
  });

  it('a scripted agent (no cost fields) has no cost total', () => {
    const t = turnTotals(turnTimings([{ type: 'reply', t_ms: 1, attempt: 0, text: '{}', duration_ms: 2 }]));
    expect(t.costUsd).toBeNull();
    expect(t.unpriced).toBe(0);
  });
});
