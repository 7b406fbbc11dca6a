import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICES, priceFor } from '../../core/llm/prices.ts';
import { modelPrice, priceTableFor } from './model-prices.ts';
import { PRESETS } from './presets.ts';
import { configFromDraft, DEFAULT_TIMEOUT_S, draftFromConfig, draftFromPreset, parseExtraHeaders, type SettingsDraft } from './settings-draft.ts';
import { StoredModelConfigSchema } from './stored-settings.ts';

const TODAY = '2026-11-29';

function draft(overrides: Partial<SettingsDraft> = {}): SettingsDraft {
  return { ...draftFromPreset('openai'), ...overrides };
}

describe('settings draft → stored config', () => {
  it('a preset draft converts to a valid config with temperature 0 and the default timeout', () => {
    const r = configFromDraft(draft(), TODAY);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(StoredModelConfigSchema.parse(r.config)).toEqual(r.config);
    expect(r.config.settings).toMatchObject({ provider: 'openai', base_url: 'https://api.openai.com/v1', model: 'gpt-4o-mini', temperature: 0, stream: true });
    expect(r.config.budget).toEqual({ timeout_s: DEFAULT_TIMEOUT_S });
    expect(r.config.custom_price).toBeNull();
  });

  it('round-trips through draftFromConfig', () => {
    const r = configFromDraft(draft({ maxTurns: '12', maxCostUsd: '0.25', reasoningEffort: 'low', extraHeaders: 'HTTP-Referer: https://x.example', priceInput: '1', priceOutput: '2' }), TODAY);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const again = configFromDraft(draftFromConfig(r.config), TODAY);
    expect(again).toEqual(r);
  });

  it('names every bad field', () => {
    const r = configFromDraft(draft({ baseUrl: 'localhost:11434', model: ' ', temperature: '3', maxOutputTokens: '1.5', maxTurns: '0', maxCostUsd: 'abc', timeoutS: '-1', priceInput: '1' }), TODAY);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(Object.keys(r.errors).sort()).toEqual(['baseUrl', 'maxCostUsd', 'maxOutputTokens', 'maxTurns', 'model', 'priceOutput', 'temperature', 'timeoutS'].sort());
    expect(r.errors.temperature).toMatch(/between 0 and 2/);
    expect(r.errors.priceOutput).toMatch(/both/);
  });

  it('refuses a base URL carrying a key (query string or user info)', () => {
    for (const baseUrl of ['https://generativelanguage.googleapis.com?key=abc', 'https://user:secret@llm.example.com/v1']) {
      const r = configFromDraft(draft({ baseUrl }), TODAY);
      expect(r.ok, baseUrl).toBe(false);
      if (!r.ok) expect(r.errors.baseUrl).toMatch(/API key field/);
    }
  });

  it('every preset except “custom” yields a valid config as is (custom needs a base URL)', () => {
    for (const p of PRESETS) {
      const d = draftFromPreset(p.id);
      const withModel = d.model === '' ? { ...d, model: 'some-model' } : d;
      const r = configFromDraft(withModel, TODAY);
      expect(r.ok, p.id).toBe(p.id !== 'custom');
    }
  });

  it('switching preset replaces endpoint and model but keeps budgets and decoding settings', () => {
    const start = draft({ maxTurns: '9', temperature: '0.3', priceInput: '1', priceOutput: '1' });
    const switched = draftFromPreset('anthropic', start);
    expect(switched).toMatchObject({ preset: 'anthropic', provider: 'anthropic', baseUrl: 'https://api.anthropic.com', maxTurns: '9', temperature: '0.3', priceInput: '', priceOutput: '' });
  });
});

describe('extra headers', () => {
  it('parses Name: value lines', () => {
    expect(parseExtraHeaders('HTTP-Referer: https://a.example\n\nX-Title:  Proving Ground ')).toEqual({ ok: true, headers: { 'HTTP-Referer': 'https://a.example', 'X-Title': 'Proving Ground' } });
  });

  it('refuses credential headers, pointing at the key field', () => {
    for (const h of ['Authorization: Bearer sk-1', 'x-api-key: k', 'X-Goog-Api-Key: k', 'X-Auth-Token: t']) {
      const r = parseExtraHeaders(h);
      expect(r.ok, h).toBe(false);
      if (!r.ok) expect(r.error).toMatch(/API key field/);
    }
  });

  it('refuses lines without a colon and invalid names', () => {
    expect(parseExtraHeaders('just text').ok).toBe(false);
    expect(parseExtraHeaders('bad name: v').ok).toBe(false);
  });
});

describe('prices of a configured model', () => {
  it('a listed model uses the bundled table; an unlisted one is unknown (null), not free', () => {
    const listed = configFromDraft(draft({ model: 'gpt-4o-mini' }), TODAY);
    const unlisted = configFromDraft(draftFromPreset('ollama'), TODAY);
    if (!listed.ok || !unlisted.ok) throw new Error('draft invalid');
    expect(modelPrice(listed.config)).toEqual(priceFor(DEFAULT_PRICES, 'openai', 'gpt-4o-mini'));
    expect(modelPrice(listed.config)).not.toBeNull();
    expect(modelPrice(unlisted.config)).toBeNull();
    expect(priceTableFor(unlisted.config)).toBe(DEFAULT_PRICES);
  });

  it('a user-entered price (0 for a local server) applies to this model and is stamped', () => {
    const r = configFromDraft({ ...draftFromPreset('ollama'), priceInput: '0', priceOutput: '0' }, TODAY);
    if (!r.ok) throw new Error('draft invalid');
    const price = modelPrice(r.config);
    expect(price).toMatchObject({ provider: 'openai', model: 'llama3.1:8b', input: 0, output: 0, as_of: TODAY, source: 'http://127.0.0.1:11434/v1' });
  });
});
