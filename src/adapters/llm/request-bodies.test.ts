/**
 * The request bodies each adapter builds, where the providers differ in ways a stand-in reply
 * cannot show: which token limit field, when temperature must be left out, how reasoning effort
 * maps, how the conversation is regrouped.
 */
import { describe, expect, it } from 'vitest';
import type { LlmMessage, LlmRequest } from '../../core/llm/types.ts';
import { anthropicRequestBody } from './anthropic.ts';
import { geminiRequestBody } from './gemini.ts';
import { openAiRequestBody } from './openai.ts';

const base: LlmRequest = { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }], temperature: 0, max_output_tokens: 500, stream: false };
const call = { id: 'c1', name: 'lookup', arguments_text: '{"q":"a"}', arguments: { q: 'a' } };
const call2 = { id: 'c2', name: 'lookup', arguments_text: 'not json', arguments: null };

const toolConversation: LlmMessage[] = [
  { role: 'system', content: 'S1' },
  { role: 'system', content: 'S2' },
  { role: 'user', content: 'go' },
  { role: 'assistant', content: 'looking', tool_calls: [call, call2] },
  { role: 'tool', tool_call_id: 'c1', name: 'lookup', content: 'A' },
  { role: 'tool', tool_call_id: 'c2', name: 'lookup', content: 'B' },
  { role: 'user', content: 'and?' },
];

describe('openAiRequestBody', () => {
  it('sends max_completion_tokens to api.openai.com and max_tokens to compatible servers', () => {
    const official = openAiRequestBody(base, 'https://api.openai.com/v1');
    expect(official).toMatchObject({ max_completion_tokens: 500, temperature: 0 });
    expect(official).not.toHaveProperty('max_tokens');
    const local = openAiRequestBody(base, 'http://127.0.0.1:11434/v1');
    expect(local).toMatchObject({ max_tokens: 500, temperature: 0 });
    expect(local).not.toHaveProperty('max_completion_tokens');
  });

  it('leaves temperature out for reasoning models and when an effort is requested; sends the effort only when not "none"', () => {
    expect(openAiRequestBody({ ...base, model: 'o3-mini' }, 'https://api.openai.com/v1')).not.toHaveProperty('temperature');
    expect(openAiRequestBody({ ...base, model: 'gpt-5' }, 'https://api.openai.com/v1')).not.toHaveProperty('temperature');
    const high = openAiRequestBody({ ...base, reasoning_effort: 'high' }, 'https://openrouter.ai/api/v1');
    expect(high).toMatchObject({ reasoning_effort: 'high' });
    expect(high).not.toHaveProperty('temperature');
    const none = openAiRequestBody({ ...base, reasoning_effort: 'none' }, 'https://openrouter.ai/api/v1');
    expect(none).toMatchObject({ temperature: 0 });
    expect(none).not.toHaveProperty('reasoning_effort');
  });

  it('asks for usage in streams, and maps tools, tool calls and tool results', () => {
    const body = openAiRequestBody({ ...base, stream: true, messages: toolConversation, tools: [{ name: 'lookup', description: 'd', parameters: { type: 'object' } }] }, 'http://x/v1');
    expect(body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(body.tools).toEqual([{ type: 'function', function: { name: 'lookup', description: 'd', parameters: { type: 'object' } } }]);
    expect(body.messages).toEqual([
      { role: 'system', content: 'S1' },
      { role: 'system', content: 'S2' },
      { role: 'user', content: 'go' },
      {
        role: 'assistant',
        content: 'looking',
        tool_calls: [
          { id: 'c1', type: 'function', function: { name: 'lookup', arguments: '{"q":"a"}' } },
          { id: 'c2', type: 'function', function: { name: 'lookup', arguments: 'not json' } },
        ],
      },
      { role: 'tool', tool_call_id: 'c1', content: 'A' },
      { role: 'tool', tool_call_id: 'c2', content: 'B' },
      { role: 'user', content: 'and?' },
    ]);
  });
});

describe('anthropicRequestBody', () => {
  it('lifts system prompts to the top level and merges tool results (and following text) into one user turn', () => {
    const body = anthropicRequestBody({ ...base, messages: toolConversation });
    expect(body.system).toBe('S1\n\nS2');
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'go' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'looking' },
          { type: 'tool_use', id: 'c1', name: 'lookup', input: { q: 'a' } },
          // Arguments that were not JSON cannot be an input object: the API needs one.
          { type: 'tool_use', id: 'c2', name: 'lookup', input: {} },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'c1', content: 'A' },
          { type: 'tool_result', tool_use_id: 'c2', content: 'B' },
          { type: 'text', text: 'and?' },
        ],
      },
    ]);
  });

  it('drops empty text blocks (the API rejects them) and an empty turn altogether', () => {
    const body = anthropicRequestBody({
      ...base,
      messages: [
        { role: 'user', content: 'a' },
        { role: 'assistant', content: '' },
        { role: 'user', content: 'b' },
        { role: 'assistant', content: '', tool_calls: [call] },
      ],
    });
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'c1', name: 'lookup', input: { q: 'a' } }] },
    ]);
  });

  it('maps reasoning effort to a thinking budget on top of max_output_tokens, without temperature', () => {
    const body = anthropicRequestBody({ ...base, reasoning_effort: 'medium' });
    expect(body).toMatchObject({ thinking: { type: 'enabled', budget_tokens: 4096 }, max_tokens: 4596 });
    expect(body).not.toHaveProperty('temperature');
    const plain = anthropicRequestBody({ ...base, reasoning_effort: 'none' });
    expect(plain).toMatchObject({ max_tokens: 500, temperature: 0 });
    expect(plain).not.toHaveProperty('thinking');
  });
});

describe('geminiRequestBody', () => {
  it('maps roles, function calls and responses, and system instructions', () => {
    const body = geminiRequestBody({ ...base, messages: toolConversation });
    expect(body.systemInstruction).toEqual({ parts: [{ text: 'S1\n\nS2' }] });
    expect(body.contents).toEqual([
      { role: 'user', parts: [{ text: 'go' }] },
      { role: 'model', parts: [{ text: 'looking' }, { functionCall: { name: 'lookup', args: { q: 'a' } } }, { functionCall: { name: 'lookup', args: {} } }] },
      {
        role: 'user',
        parts: [{ functionResponse: { name: 'lookup', response: { content: 'A' } } }, { functionResponse: { name: 'lookup', response: { content: 'B' } } }, { text: 'and?' }],
      },
    ]);
    expect(body.generationConfig).toEqual({ temperature: 0, maxOutputTokens: 500 });
  });

  it('maps reasoning effort to a thinking budget, "none" to 0 (thinking off)', () => {
    expect(geminiRequestBody({ ...base, reasoning_effort: 'low' }).generationConfig).toEqual({ temperature: 0, maxOutputTokens: 500, thinkingConfig: { thinkingBudget: 1024 } });
    expect(geminiRequestBody({ ...base, reasoning_effort: 'none' }).generationConfig).toMatchObject({ thinkingConfig: { thinkingBudget: 0 } });
  });
});
