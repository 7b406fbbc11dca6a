import type { OracleCallEvent } from '../../core/veh/protocol/events.ts';
import { DESIGN_VARIABLES } from '../../core/veh/oracle.ts';
import { JsonBlock } from '../components/JsonBlock.tsx';
import { DESIGN_UNITS, formatNumber } from '../format.ts';
import { formatDuration } from './transcript-summary.ts';

/** The outputs a reader judges a design by; everything else stays in the full JSON below. */
const KEY_OUTPUTS = [
  ['resonant_freq_hz', 'Hz'],
  ['load_power_uw', 'µW'],
  ['tip_stress_mpa', 'MPa'],
  ['tip_disp_mm', 'mm'],
] as const;

/**
 * One oracle call: the design sent and the key outputs as two compact one-row tables, the full
 * request and result (excitation, environment, limits, slacks…) behind a disclosure.
 */
export function OracleCallView({ event }: { event: OracleCallEvent }) {
  const { request, result } = event;
  const who = event.purpose === 'agent' ? `agent query, step ${event.step ?? '—'}` : `harness evaluation (${event.label}), not counted`;
  return (
    <div data-testid="transcript-oracle-call">
      <p className="transcript-event-title">
        <strong>Oracle call</strong> · {who} · {formatDuration(event.duration_ms)}
      </p>
      <div className="oracle-call-tables">
        <div className="table-scroll">
          <table className="data-table compact oracle-call-table">
            <caption>design sent</caption>
            <thead>
              <tr>
                {DESIGN_VARIABLES.map((v) => (
                  <th scope="col" key={v} className="mono">
                    {v}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                {DESIGN_VARIABLES.map((v) => (
                  <td key={v}>
                    {formatNumber(request.design[v])} {DESIGN_UNITS[v]}
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </div>
        <div className="table-scroll">
          <table className="data-table compact oracle-call-table">
            <caption>key outputs</caption>
            <thead>
              <tr>
                {/* Feasibility first: it is the verdict the rest explains. */}
                <th scope="col" className="mono">
                  feasible
                </th>
                {KEY_OUTPUTS.map(([k]) => (
                  <th scope="col" key={k} className="mono">
                    {k}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                <td data-testid="oracle-feasible">
                  <span className={result.feasible ? 'pass' : 'fail'}>{result.feasible ? 'yes' : 'no'}</span>
                </td>
                {KEY_OUTPUTS.map(([k, unit]) => (
                  <td key={k}>
                    {formatNumber(result[k])} {unit}
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </div>
      </div>
      <details>
        <summary>Full request and result (JSON)</summary>
        <JsonBlock value={{ request, result }} />
      </details>
    </div>
  );
}
