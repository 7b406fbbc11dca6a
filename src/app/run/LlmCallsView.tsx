import type { LlmCallRecord } from '../../core/llm/call-record.ts';
import { JsonBlock } from '../components/JsonBlock.tsx';
import { formatDuration } from './transcript-summary.ts';

/**
 * The HTTP attempts behind one model reply (or a failed request), collapsed: status, duration, the
 * wait before the next attempt, and the logged bodies (no headers, so no key), as JSON text.
 */
export function LlmCallsView({ calls }: { calls: readonly LlmCallRecord[] }) {
  return (
    <details className="llm-calls">
      <summary className="note">HTTP exchange{calls.length === 1 ? '' : `s (${calls.length})`}</summary>
      <ol>
        {calls.map((c) => (
          <li key={c.attempt}>
            <p className="mono">
              attempt {c.attempt} · {c.status ?? 'no status'}
              {c.error_kind && ` · ${c.error_kind}`} · {formatDuration(c.duration_ms)}
              {c.wait_ms !== null && ` · then waited ${formatDuration(c.wait_ms)}`} · {c.url}
            </p>
            {c.error && <p className="mono fail">{c.error}</p>}
            <JsonBlock value={{ request_body: c.request_body, response_body: c.response_body }} />
          </li>
        ))}
      </ol>
    </details>
  );
}
