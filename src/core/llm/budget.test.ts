import { describe, expect, it } from 'vitest';
import { BudgetExceededError, EpisodeBudgetSchema, describeBudget } from './budget.ts';
import { stripConversation } from './call-record.ts';
import { safeEndpoint } from './settings.ts';

describe('EpisodeBudgetSchema', () => {
  it('accepts any subset of the three limits and rejects non-positive or fractional turns', () => {
    expect(EpisodeBudgetSchema.parse({})).toEqual({});
    expect(EpisodeBudgetSchema.parse({ max_turns: 3, max_cost_usd: 0.5, timeout_s: 1.5 })).toEqual({ max_turns: 3, max_cost_usd: 0.5, timeout_s: 1.5 });
    for (const bad of [{ max_turns: 0 }, { max_turns: 1.5 }, { max_cost_usd: 0 }, { timeout_s: -1 }, { max_tokens: 5 }]) expect(EpisodeBudgetSchema.safeParse(bad).success).toBe(false);
  });

  it('describes a budget and a stop in words', () => {
    expect(describeBudget({})).toBe('no per-task budget');
    expect(describeBudget({ max_cost_usd: 0.2 })).toBe('max $0.2 per task (unknown prices count as 0 here)');
    const e = new BudgetExceededError('timeout_s', 30, 30.04);
    expect([e.limit, e.limitValue, e.used, e.message]).toEqual(['timeout_s', 30, 30.04, 'episode timeout: 30.0 s elapsed of max 30 s']);
  });
});

describe('what a transcript may record', () => {
  it('drops the conversation fields of every provider\'s request body, keeping the rest', () => {
    expect(stripConversation({ model: 'gpt-4o', messages: [{}], temperature: 0, stream: true })).toEqual({ model: 'gpt-4o', temperature: 0, stream: true });
    expect(stripConversation({ model: 'claude', system: 'sys', messages: [], max_tokens: 9 })).toEqual({ model: 'claude', max_tokens: 9 });
    expect(stripConversation({ contents: [], systemInstruction: {}, generationConfig: { temperature: 0 } })).toEqual({ generationConfig: { temperature: 0 } });
    expect(stripConversation('raw text')).toBe('raw text');
  });

  it('an endpoint keeps scheme, host, port and path only', () => {
    expect(safeEndpoint('https://user:sk-1@api.openai.com/v1/?key=sk-2#x')).toBe('https://api.openai.com/v1');
    expect(safeEndpoint('http://127.0.0.1:11434/v1')).toBe('http://127.0.0.1:11434/v1');
    expect(safeEndpoint('not a url')).toBe('(invalid URL)');
  });
});
