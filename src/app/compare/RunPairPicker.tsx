import { useState } from 'react';
import type { StoredRunSummary } from '../../core/store/run-store.ts';
import { navigate } from '../routing/use-hash-route.ts';

const optionText = (s: StoredRunSummary): string => `${s.label} · ${s.done_count} tasks · ${s.started_at.slice(0, 16).replace('T', ' ')} (${s.store_id})`;

/** Two stored runs to compare: A (baseline) and B (challenger); opens `#/compare?a=…&b=…`. */
export function RunPairPicker({ summaries, a, b }: { summaries: readonly StoredRunSummary[]; a?: string | null; b?: string | null }) {
  const [pickA, setA] = useState(a ?? summaries[1]?.store_id ?? summaries[0]?.store_id ?? '');
  const [pickB, setB] = useState(b ?? summaries[0]?.store_id ?? '');
  if (summaries.length < 2) return <p className="note">Two stored runs are needed for a comparison.</p>;
  return (
    <form
      className="filter-bar"
      aria-label="Compare two runs"
      onSubmit={(e) => {
        e.preventDefault();
        navigate({ name: 'compare', query: new URLSearchParams({ a: pickA, b: pickB }) });
      }}
    >
      <label>
        Run A (baseline)
        <select data-testid="compare-pick-a" value={pickA} onChange={(e) => setA(e.target.value)}>
          {summaries.map((s) => (
            <option key={s.store_id} value={s.store_id}>
              {optionText(s)}
            </option>
          ))}
        </select>
      </label>
      <label>
        Run B (challenger)
        <select data-testid="compare-pick-b" value={pickB} onChange={(e) => setB(e.target.value)}>
          {summaries.map((s) => (
            <option key={s.store_id} value={s.store_id}>
              {optionText(s)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" data-testid="compare-open" disabled={pickA === '' || pickB === '' || pickA === pickB}>
        Compare task by task
      </button>
    </form>
  );
}
