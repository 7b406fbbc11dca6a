import type { TranscriptEvent } from '../../core/veh/protocol/events.ts';
import { formatUsd } from '../../core/run/usage.ts';
import { formatDuration, turnTimings, turnTotals, type TurnTiming } from '../run/transcript-summary.ts';

const cost = (c: TurnTiming['costUsd']): string => (c === undefined ? '—' : c === null ? 'unpriced' : formatUsd(c));

/** Timing and cost per agent turn (one row per reply, retries included), with the episode's totals. */
export function TranscriptTurns({ events, headingId }: { events: readonly TranscriptEvent[]; headingId: string }) {
  const turns = turnTimings(events);
  const totals = turnTotals(turns);
  const tokens = turns.some((t) => t.inputTokens !== null);
  const priced = turns.some((t) => t.costUsd !== undefined);
  return (
    <section className="tpane-section" aria-labelledby={headingId} data-testid="turn-timings">
      <h3 id={headingId}>Turns: timing and cost</h3>
      {turns.length === 0 ? (
        <p className="note">The agent never replied.</p>
      ) : (
        <div className="table-scroll tpane-turns">
          <table className="data-table compact">
            <thead>
              <tr>
                <th scope="col">Turn</th>
                <th scope="col">At</th>
                <th scope="col">Agent time</th>
                <th scope="col">Oracle time</th>
                {tokens && <th scope="col">Tokens in / out</th>}
                {priced && <th scope="col">Cost</th>}
                <th scope="col">Became</th>
              </tr>
            </thead>
            <tbody>
              {turns.map((t) => (
                <tr key={t.turn} data-testid="turn-row">
                  <th scope="row">
                    {t.turn}
                    {t.attempt > 0 && <span className="note"> (retry {t.attempt})</span>}
                  </th>
                  <td className="mono">+{formatDuration(t.atMs)}</td>
                  <td>{formatDuration(t.replyMs)}</td>
                  <td>{t.oracleCalls > 0 ? `${formatDuration(t.oracleMs)} (${t.oracleCalls})` : '—'}</td>
                  {tokens && <td>{t.inputTokens === null ? '—' : `${t.inputTokens} / ${t.outputTokens ?? '—'}`}</td>}
                  {priced && <td>{cost(t.costUsd)}</td>}
                  <td>
                    {t.step === null ? (
                      <span className="note">no action</span>
                    ) : (
                      <>
                        step {t.step} · <span className="mono">{t.action ?? '(none)'}</span>
                        {t.valid === false && <span className="fail"> · invalid</span>}
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <td />
                <td>{formatDuration(totals.replyMs)}</td>
                <td>{formatDuration(totals.oracleMs)}</td>
                {tokens && <td />}
                {priced && <td>{totals.costUsd === null ? '—' : formatUsd(totals.costUsd)}{totals.unpriced > 0 && ` + ${totals.unpriced} unpriced`}</td>}
                <td />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}
