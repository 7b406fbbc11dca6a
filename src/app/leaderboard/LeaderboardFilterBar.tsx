import { filterChoices, filtersFromQuery } from '../../core/leaderboard/filters.ts';
import type { StoredRunSummary } from '../../core/store/run-store.ts';
import type { AnySuite } from '../../core/suite/contract.ts';
import { SuitePicker } from '../suites/SuitePicker.tsx';
import type { LeaderboardView } from './leaderboard-view.ts';

const short = (hash: string): string => (hash.length > 14 ? `${hash.slice(0, 12)}…` : hash);

/** View, metric and filters of the leaderboard; every change rewrites the URL (see leaderboard-view.ts). */
export function LeaderboardFilterBar({
  suite,
  query,
  view,
  metricKeys,
  summaries,
  onChange,
}: {
  suite: AnySuite;
  query: URLSearchParams;
  view: LeaderboardView;
  metricKeys: readonly string[];
  summaries: readonly StoredRunSummary[];
  onChange: (changes: Record<string, string | null>) => void;
}) {
  const f = filtersFromQuery(query);
  const choices = filterChoices(summaries);
  return (
    <form className="filter-bar" role="search" aria-label="Leaderboard view and filters" onSubmit={(e) => e.preventDefault()}>
      <SuitePicker testId="lb-suite" value={suite.descriptor.id} onChange={(id) => onChange({ suite: id, view: null, metric: null })} />
      <label>
        Leaderboard
        <select data-testid="lb-view" value={view.kind === 'suite' ? 'suite' : view.probe} onChange={(e) => onChange({ view: e.target.value === 'suite' ? null : e.target.value, metric: null })}>
          <option value="suite">{suite.descriptor.title}: all stages</option>
          {suite.groups.ids.map((p) => (
            <option key={p} value={p}>
              {p} stage
            </option>
          ))}
        </select>
      </label>
      {view.kind === 'probe' && (
        <label>
          Metric
          <select data-testid="lb-metric" value={view.metric} onChange={(e) => onChange({ metric: e.target.value })}>
            {(metricKeys.includes(view.metric) ? metricKeys : [view.metric, ...metricKeys]).map((k) => (
              <option key={k} value={k}>
                {suite.scoring.metricLabel(view.probe, k)}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        Model
        <input type="search" data-testid="lb-filter-model" placeholder="agent or model…" value={f.model ?? ''} onChange={(e) => onChange({ model: e.target.value })} />
      </label>
      <label>
        From (UTC)
        <input type="date" data-testid="lb-filter-from" value={f.from ?? ''} onChange={(e) => onChange({ from: e.target.value })} />
      </label>
      <label>
        To (UTC)
        <input type="date" data-testid="lb-filter-to" value={f.to ?? ''} onChange={(e) => onChange({ to: e.target.value })} />
      </label>
      <label>
        App version
        <select data-testid="lb-filter-app" value={f.app_version ?? ''} onChange={(e) => onChange({ app_version: e.target.value })}>
          <option value="">all</option>
          {choices.app_versions.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
      </label>
      <label>
        Task bank
        <select data-testid="lb-filter-bank" value={f.bank_hash ?? ''} onChange={(e) => onChange({ bank_hash: e.target.value })}>
          <option value="">all</option>
          {choices.bank_hashes.map((h) => (
            <option key={h} value={h} title={h}>
              {short(h)}
            </option>
          ))}
        </select>
      </label>
      <label>
        Entries
        <select data-testid="lb-filter-trust" value={f.trust ?? 'all'} onChange={(e) => onChange({ trust: e.target.value === 'all' ? null : e.target.value })}>
          <option value="all">all, badged</option>
          <option value="trusted">verified or run here</option>
          <option value="verified">replay-verified only</option>
        </select>
      </label>
      <label className="checkbox-field">
        <input type="checkbox" data-testid="lb-filter-partial" checked={f.include_partial ?? false} onChange={(e) => onChange({ partial: e.target.checked ? '1' : null })} />
        include unfinished runs
      </label>
    </form>
  );
}
