import { useState } from 'react';
import type { EventCore } from '../../core/agent/events.ts';
import { TranscriptEventItem } from './TranscriptEventItem.tsx';

/** Events mounted at first, and per "show more": an LLM episode can log thousands of events. */
export const EVENT_PAGE_SIZE = 150;

/**
 * A transcript's events in order, mounted a page at a time so a long LLM episode opens at once;
 * long message bodies stay collapsed (LongText) until asked for. The owner remounts it (a `key`)
 * for a different transcript, which starts it again at the first page.
 */
export function TranscriptEventList({ events, pageSize = EVENT_PAGE_SIZE }: { events: readonly EventCore[]; pageSize?: number }) {
  const [shown, setShown] = useState(pageSize);
  const rest = events.length - shown;
  return (
    <>
      <ol className="transcript-events" aria-label="Events, in order">
        {events.slice(0, shown).map((e, i) => (
          // Events are an append-only record that never reorders: the index is a stable key.
          <TranscriptEventItem key={i} event={e} />
        ))}
      </ol>
      {rest > 0 && (
        <p className="button-row" data-testid="transcript-more">
          <span className="note">
            Showing {shown} of {events.length} events.
          </span>
          <button type="button" onClick={() => setShown((n) => n + pageSize)}>
            Show {Math.min(pageSize, rest)} more
          </button>
          <button type="button" onClick={() => setShown(events.length)}>
            Show all {events.length}
          </button>
        </p>
      )}
    </>
  );
}
