/**
 * Leaderboard filters, as the page keeps them in the URL: model (a case-insensitive substring of the
 * label, agent id or model id), a date range over the run's start date (UTC, inclusive), the suite
 * version (app version and bank hash, exact), how much trust is required, and whether unfinished runs
 * (cancelled, interrupted, failed, still running) may appear.
 */
import type { StoredRunSummary } from '../store/run-store.ts';
import { isTrusted, type Trust } from './trust.ts';

export type TrustFilter = 'all' | 'trusted' | 'verified';

export interface LeaderboardFilters {
  model?: string;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
  app_version?: string;
  bank_hash?: string;
  trust?: TrustFilter;
  include_partial?: boolean;
}

export function matchesFilters(summary: StoredRunSummary, trust: Trust, f: LeaderboardFilters): boolean {
  if (!f.include_partial && summary.status !== 'completed') return false;
  const model = f.model?.trim().toLowerCase();
  if (model) {
    const haystack = [summary.label, summary.agent_id, summary.model ?? ''].join('\n').toLowerCase();
    if (!haystack.includes(model)) return false;
  }
  // ISO timestamps sort as strings; the first ten characters are the UTC date.
  const day = summary.started_at.slice(0, 10);
  if (f.from && day < f.from) return false;
  if (f.to && day > f.to) return false;
  if (f.app_version && summary.app_version !== f.app_version) return false;
  if (f.bank_hash && summary.bank_hash !== f.bank_hash) return false;
  if (f.trust === 'trusted' && !isTrusted(trust)) return false;
  if (f.trust === 'verified' && trust !== 'verified') return false;
  return true;
}

/** Distinct suite versions among the runs, for the filter menus (sorted, newest app version last). */
export function filterChoices(summaries: readonly StoredRunSummary[]): { app_versions: string[]; bank_hashes: string[] } {
  const uniq = (xs: string[]): string[] => [...new Set(xs)].sort();
  return { app_versions: uniq(summaries.map((s) => s.app_version)), bank_hashes: uniq(summaries.map((s) => s.bank_hash)) };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TRUST_FILTERS: readonly TrustFilter[] = ['all', 'trusted', 'verified'];

/** Filters from URL query parameters; malformed values are ignored rather than trusted. */
export function filtersFromQuery(q: URLSearchParams): LeaderboardFilters {
  const f: LeaderboardFilters = {};
  const model = q.get('model');
  if (model) f.model = model;
  const from = q.get('from');
  if (from && DATE.test(from)) f.from = from;
  const to = q.get('to');
  if (to && DATE.test(to)) f.to = to;
  const app = q.get('app_version');
  if (app) f.app_version = app;
  const bank = q.get('bank_hash');
  if (bank) f.bank_hash = bank;
  const trust = q.get('trust');
  if (trust && (TRUST_FILTERS as readonly string[]).includes(trust)) f.trust = trust as TrustFilter;
  if (q.get('partial') === '1') f.include_partial = true;
  return f;
}
