import { TranscriptEventItem } from './TranscriptEventItem.tsx';
import { formatTokens } from './cost-format.ts';
import { formatUsd } from '../../core/run/usage.ts';
import { liveCost, type LiveLlmState } from './live-llm.ts';

/** Events of the task in flight shown at once; older ones are in the task's transcript when it finishes. */
const SHOWN_EVENTS = 30;

/** An LLM run as it happens: running totals, the task in flight, and the model's text as it streams in. */
export function LiveLlmPanel({ live, running }: { live: LiveLlmState; running: boolean }) {
  const t = live.totals;
  const shown = live.events.slice(-SHOWN_EVENTS);
  return (
    <section className="panel" aria-labelledby="live-llm-heading" data-testid="live-llm">
      <h2 id="live-llm-heading">
        {running ? 'Live' : 'Last task'}
        {live.taskId && (
          <>
            {' '}
            · <span className="mono" data-testid="live-task-id">{live.taskId}</span>
          </>
        )}
      </h2>
      <p className="llm-summary" aria-live="polite">
        <span>
          replies <strong data-testid="live-replies">{t.replies}</strong>
        </span>
        <span>
          tokens <strong data-testid="live-tokens">{formatTokens(t.input_tokens)} in / {formatTokens(t.output_tokens)} out</strong>
        </span>
        <span>
          cost so far <strong data-testid="live-cost">{formatUsd(liveCost(t))}</strong>
          {t.unknown_price_replies > 0 && t.priced_cost_usd > 0 && ` (${formatUsd(t.priced_cost_usd)} priced)`}
        </span>
        {t.http_retries > 0 && (
          <span className="fail">
            HTTP retries <strong>{t.http_retries}</strong>
          </span>
        )}
      </p>
      {running && live.streaming !== '' && (
        <>
          <p className="transcript-event-title">
            <span className="role-label role-agent">agent</span> writing…
          </p>
          <pre className="code-block live-stream live-stream-caret" data-testid="live-stream">
            {live.streaming}
          </pre>
        </>
      )}
      {shown.length > 0 && (
        <ol className="transcript-events" aria-label="Events of the task in flight" data-testid="live-events">
          {live.events.length > shown.length && <li className="note">{live.events.length - shown.length} earlier events of this task are in its transcript.</li>}
          {shown.map((e, i) => (
            // Append-only list; the offset keeps keys stable as the window slides.
            <TranscriptEventItem key={live.events.length - shown.length + i} event={e} />
          ))}
        </ol>
      )}
    </section>
  );
}
