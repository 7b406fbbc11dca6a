import { describe, expect, it } from 'vitest';
import { filterChoices, filtersFromQuery, matchesFilters } from './filters.ts';
import { summary } from './test-utils.ts';

describe('matchesFilters', () => {
  const s = summary({ store_id: 'r1', label: 'OpenAI gpt-5.4', agent_id: 'llm', model: 'gpt-5.4', started_at: '2026-11-15T23:59:00.000Z' });

  it('matches the model as a case-insensitive substring of label, agent id or model', () => {
    expect(matchesFilters(s, 'local', { model: 'GPT-5' })).toBe(true);
    expect(matchesFilters(s, 'local', { model: 'llm' })).toBe(true);
    expect(matchesFilters(s, 'local', { model: 'claude' })).toBe(false);
  });

  it('filters on the UTC start date, both ends inclusive', () => {
    expect(matchesFilters(s, 'local', { from: '2026-11-15', to: '2026-11-15' })).toBe(true);
    expect(matchesFilters(s, 'local', { from: '2026-11-16' })).toBe(false);
    expect(matchesFilters(s, 'local', { to: '2026-11-14' })).toBe(false);
  });

  it('filters on the suite version', () => {
    expect(matchesFilters(s, 'local', { app_version: '0.1.0', bank_hash: 'bank-1' })).toBe(true);
    expect(matchesFilters(s, 'local', { app_version: '0.2.0' })).toBe(false);
    expect(matchesFilters(s, 'local', { bank_hash: 'bank-2' })).toBe(false);
  });

  it('drops unfinished runs unless asked, and untrusted ones when asked', () => {
    const cancelled = summary({ store_id: 'c', status: 'cancelled' });
    expect(matchesFilters(cancelled, 'local', {})).toBe(false);
    expect(matchesFilters(cancelled, 'local', { include_partial: true })).toBe(true);
    expect(matchesFilters(s, 'unverified', { trust: 'trusted' })).toBe(false);
    expect(matchesFilters(s, 'local', { trust: 'trusted' })).toBe(true);
    expect(matchesFilters(s, 'local', { trust: 'verified' })).toBe(false);
    expect(matchesFilters(s, 'verified', { trust: 'verified' })).toBe(true);
  });
});

describe('filtersFromQuery', () => {
  it('reads the URL parameters and ignores malformed ones', () => {
    const f = filtersFromQuery(new URLSearchParams('model=gpt&from=2026-11-01&to=nope&trust=bogus&app_version=0.1.0&partial=1'));
    expect(f).toEqual({ model: 'gpt', from: '2026-11-01', app_version: '0.1.0', include_partial: true });
  });
});

describe('filterChoices', () => {
  it('lists each suite version once, sorted', () => {
    const c = filterChoices([summary({ store_id: 'a', app_version: '0.2.0' }), summary({ store_id: 'b', bank_hash: 'bank-0' }), summary({ store_id: 'c' })]);
    expect(c).toEqual({ app_versions: ['0.1.0', '0.2.0'], bank_hashes: ['bank-0', 'bank-1'] });
  });
});
