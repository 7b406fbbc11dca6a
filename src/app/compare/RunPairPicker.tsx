import { useState } from 'react';
import type { StoredRunSummary } from '../../core/store/run-store.ts';
import { navigate } from '../routing/use-hash-route.ts';
import { runName, runNames, startedText } from '../runs/run-names.ts';
import { defaultComparePair } from './compare-view.ts';

/** The run's distinguishing name, then what else a chooser wants to see: how far it got and when it started. */
const optionText = (names: ReadonlyMap<string, string>, s: StoredRunSummary): string => {
  const name = runName(names, s);
  const started = startedText(s.started_at);
  return `${name} · ${s.done_count}/${s.task_count} done${name.includes(started) ? '' : ` · ${started}`}`;
};

/** Two stored runs to compare: A (baseline) and B (challenger); opens `#/compare?a=…&b=…`. */
export function RunPairPicker({ summaries, a, b }: { summaries: readonly StoredRunSummary[]; a?: string | null; b?: string | null }) {
  const [initial] = useState(() => defaultComparePair(summaries.map((s) => s.store_id), a ?? null, b ?? null));
  const [pickA, setA] = useState(initial.a);
  const [pickB, setB] = useState(initial.b);
  const names = runNames(summaries);
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
              {optionText(names, s)}
            </option>
          ))}
        </select>
      </label>
      <label>
        Run B (challenger)
        <select data-testid="compare-pick-b" value={pickB} onChange={(e) => setB(e.target.value)}>
          {summaries.map((s) => (
            <option key={s.store_id} value={s.store_id}>
              {optionText(names, s)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" data-testid="compare-open" disabled={pickA === '' || pickB === '' || pickA === pickB}>
        Compare task by task
      </button>
      {pickA === pickB && pickA !== '' && <span className="note">Pick two different runs.</span>}
    </form>
  );
}
