import { DESIGN_VARIABLES } from '../../core/veh/oracle.ts';
import type { P4Task } from '../../core/veh/task-schema.ts';
import { formatNumber } from '../format.ts';

export function P4Details({ task }: { task: P4Task }) {
  return (
    <section className="panel" aria-labelledby="p4-heading">
      <h2 id="p4-heading">Selection task</h2>
      <dl className="facts">
        <dt>Policy</dt>
        <dd>
          <strong>{task.policy}</strong> — {task.policy_text}
        </dd>
      </dl>
      <div className="table-scroll">
        <table className="data-table compact">
          <caption>Candidates (all oracle-feasible)</caption>
          <thead>
            <tr>
              <th scope="col">Id</th>
              {DESIGN_VARIABLES.map((v) => (
                <th scope="col" key={v} className="mono">
                  {v}
                </th>
              ))}
              <th scope="col">Power (µW)</th>
              <th scope="col">Stress (MPa)</th>
              <th scope="col">Disp. (mm)</th>
              <th scope="col">Freq. err. (%)</th>
              <th scope="col">Piezo vol. (mm³)</th>
            </tr>
          </thead>
          <tbody>
            {task.candidates.map((c) => (
              <tr key={c.id}>
                <th scope="row">{c.id}</th>
                {DESIGN_VARIABLES.map((v) => (
                  <td key={v}>{formatNumber(c.design[v])}</td>
                ))}
                <td>{formatNumber(c.metrics.load_power_uw)}</td>
                <td>{formatNumber(c.metrics.tip_stress_mpa)}</td>
                <td>{formatNumber(c.metrics.tip_disp_mm)}</td>
                <td>{formatNumber(c.metrics.freq_error_pct)}</td>
                <td>{formatNumber(c.metrics.piezo_volume_mm3)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
