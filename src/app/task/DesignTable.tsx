import { DESIGN_VARIABLES, type VehDesign } from '../../core/veh/oracle.ts';
import type { EvaluatedDesign } from '../../core/veh/task-schema.ts';
import { DESIGN_UNITS, formatNumber } from '../format.ts';

/** One design's six variables and, when evaluated, what the oracle said about it. */
export function DesignTable({ caption, design, result }: { caption: string; design: VehDesign; result?: EvaluatedDesign }) {
  return (
    <table className="data-table compact design-table">
      <caption>{caption}</caption>
      <tbody>
        {DESIGN_VARIABLES.map((v) => (
          <tr key={v}>
            <th scope="row" className="mono">
              {v}
            </th>
            <td>
              {formatNumber(design[v])} {DESIGN_UNITS[v]}
            </td>
          </tr>
        ))}
        {result && (
          <>
            <tr>
              <th scope="row">resonance</th>
              <td>{formatNumber(result.resonant_freq_hz)} Hz</td>
            </tr>
            <tr>
              <th scope="row">load power</th>
              <td>{formatNumber(result.load_power_uw)} µW</td>
            </tr>
            <tr>
              <th scope="row">tip stress</th>
              <td>{formatNumber(result.tip_stress_mpa)} MPa</td>
            </tr>
            <tr>
              <th scope="row">tip displacement</th>
              <td>{formatNumber(result.tip_disp_mm)} mm</td>
            </tr>
            <tr>
              <th scope="row">feasible</th>
              <td>{result.feasible ? 'yes' : `no (violation ${formatNumber(result.total_violation)})`}</td>
            </tr>
          </>
        )}
      </tbody>
    </table>
  );
}
