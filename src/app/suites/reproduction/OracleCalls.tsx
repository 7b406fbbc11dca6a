/**
 * The oracle calls a replay made, in order: the tool, whether it answered, the SHA-256 of the
 * result the workflow received (what ties an artifact's numbers to this replay) and the arguments
 * on request. Collapsed by default, and mounted a page at a time (a replay may make 5000 calls).
 */
import { useState } from 'react';
import type { ReproductionVerdict } from '../../../core/reproduction/evaluator.ts';

export const CALL_PAGE_SIZE = 100;
const MAX_ARGUMENT_CHARS = 4000;

function argumentsText(a: unknown): string {
  const s = JSON.stringify(a, null, 1) ?? 'null';
  return s.length > MAX_ARGUMENT_CHARS ? `${s.slice(0, MAX_ARGUMENT_CHARS)}… (${s.length - MAX_ARGUMENT_CHARS} more characters)` : s;
}

export function OracleCalls({ calls }: { calls: ReproductionVerdict['calls'] }) {
  const [shown, setShown] = useState(CALL_PAGE_SIZE);
  const failed = calls.filter((c) => !c.ok).length;
  return (
    <details data-testid="repro-calls">
      <summary>
        Oracle calls ({calls.length}
        {failed > 0 ? `, ${failed} refused` : ''})
      </summary>
      <div className="table-scroll">
        <table className="data-table compact">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Tool</th>
              <th scope="col">Answered</th>
              <th scope="col">Result SHA-256</th>
              <th scope="col">Arguments</th>
            </tr>
          </thead>
          <tbody>
            {calls.slice(0, shown).map((c) => (
              <tr key={c.index} data-testid="repro-call" data-tool={c.tool} data-ok={c.ok ? 'true' : 'false'}>
                <td className="num">{c.index}</td>
                <td className="mono">{c.tool}</td>
                <td className={c.ok ? 'pass' : 'fail'}>{c.ok ? 'yes' : `no: ${c.error ?? ''}`}</td>
                <td className="mono" style={{ wordBreak: 'break-all' }}>
                  {c.result_sha256}
                </td>
                <td>
                  <details>
                    <summary>show</summary>
                    <pre className="code-block">{argumentsText(c.arguments)}</pre>
                  </details>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {calls.length > shown && (
        <p className="note">
          Showing {shown} of {calls.length} calls.{' '}
          <button type="button" onClick={() => setShown(calls.length)}>
            Show all {calls.length}
          </button>
        </p>
      )}
    </details>
  );
}
