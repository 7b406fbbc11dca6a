import { useEffect, useRef } from 'react';
import type { TaskPair } from '../../core/leaderboard/compare-runs.ts';
import { TranscriptPane } from '../runs/TranscriptPane.tsx';
import type { SuiteView } from '../suites/suite-view.ts';

/** One paired task's two transcripts next to each other (each pane loads only its own transcript). */
export function SideBySide({ view, pair, a, b, closeHref }: { view: SuiteView; pair: TaskPair; a: string; b: string; closeHref: string }) {
  const ref = useRef<HTMLElement>(null);
  // The link that opens a pair sits in the task table below: bring the panes into view.
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'start' });
  }, [pair.task_id]);
  return (
    <section ref={ref} className="panel" aria-labelledby="cmp-side" data-testid="compare-side-by-side">
      <div className="panel-heading">
        <h2 id="cmp-side">
          {pair.task_id}: {pair.outcome.replace('_', ' ')}
        </h2>
        <a href={closeHref}>Close</a>
      </div>
      <div className="pg-cmp-panes">
        <div className="pg-cmp-pane" data-testid="compare-pane-a">
          <h3>A · task {pair.a_index + 1}</h3>
          <TranscriptPane view={view} storeId={a} taskIndex={pair.a_index} />
        </div>
        <div className="pg-cmp-pane" data-testid="compare-pane-b">
          <h3>B · task {pair.b_index + 1}</h3>
          <TranscriptPane view={view} storeId={b} taskIndex={pair.b_index} />
        </div>
      </div>
    </section>
  );
}
