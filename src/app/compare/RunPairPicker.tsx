import { useState } from 'react';
import type { StoredRunSummary } from '../../core/store/run-store.ts';
import { navigate } from '../routing/use-hash-route.ts';
import { runName, runNames, startedText } from '../runs/run-names.ts';
import { hasSuiteView, suiteView } from '../suites/registry.ts';
import { defaultComparePair } from './compare-view.ts';

/** The run's distinguishing name, then what else a chooser wants to see: how far it got and when it started. */
const optionText = (names: ReadonlyMap<string, string>, s: StoredRunSummary): string => {
  const name = runName(names, s);
  const started = startedText(s.started_at);
  return `${name} · ${s.done_count}/${s.task_count} done${name.includes(started) ? '' : ` · ${started}`}`;
};

/** Two stored runs to compare: A (baseline) and B (challenger); opens `#/compare?a=…&b=…`. */
export function RunPairPicker({ summaries, a, b }: { summaries: readonly StoredRunSummary[]; a?: string | null; b?: string | null }) {
  const [initial] = useState(() => defaultComparePair(summaries, a ?? null, b ?? null));
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
          <RunOptions summaries={summaries} names={names} />
        </select>
      </label>
      <label>
        Run B (challenger)
        <select data-testid="compare-pick-b" value={pickB} onChange={(e) => setB(e.target.value)}>
          <RunOptions summaries={summaries} names={names} />
        </select>
      </label>
      <button type="submit" data-testid="compare-open" disabled={pickA === '' || pickB === '' || pickA === pickB}>
        Compare task by task
      </button>
      {pickA === pickB && pickA !== '' && <span className="note">Pick two different runs.</span>}
    </form>
  );
}

const suiteTitle = (id: string): string => (hasSuiteView(id) ? suiteView(id).suite.descriptor.title : id);

/** The runs as options; grouped under their suite's title when the store holds runs of several suites (only runs of one suite pair). */
function RunOptions({ summaries, names }: { summaries: readonly StoredRunSummary[]; names: ReadonlyMap<string, string> }) {
  const option = (s: StoredRunSummary) => (
    <option key={s.store_id} value={s.store_id}>
      {optionText(names, s)}
    </option>
  );
  const suites = [...new Set(summaries.map((s) => s.suite))];
  if (suites.length < 2) return <>{summaries.map(option)}</>;
  return (
    <>
      {suites.map((id) => (
        <optgroup key={id} label={suiteTitle(id)} data-testid={`compare-group-${id}`}>
          {summaries.filter((s) => s.suite === id).map(option)}
        </optgroup>
      ))}
    </>
  );
}
