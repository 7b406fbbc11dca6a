import { DESIGN_VARIABLES } from '../../core/veh/oracle.ts';
import type { VehTask } from '../../core/veh/task-schema.ts';
import { formatNumber } from '../format.ts';

const CONSTRAINT_LABELS: Readonly<Record<string, string>> = {
  max_stress_mpa: 'tip stress ≤ (MPa)',
  max_disp_mm: 'tip displacement ≤ (mm)',
  max_freq_error_pct: 'frequency error ≤ (%)',
  min_power_uw: 'load power ≥ (µW)',
};

/** Operating conditions, constraints and design bounds: the part every probe shares. */
export function TaskConditions({ task }: { task: VehTask }) {
  const bounds = task.variable_bounds;
  return (
    <section className="panel" aria-labelledby="conditions-heading">
      <h2 id="conditions-heading">Conditions</h2>
      <div className="grid-2">
        <dl className="facts">
          <dt>Excitation</dt>
          <dd>
            {formatNumber(task.excitation_context.frequency_hz)} Hz at {formatNumber(task.excitation_context.acceleration_g)} g
          </dd>
          <dt>Piezo layer</dt>
          <dd>{task.environment_context.piezo_material}</dd>
          <dt>Substrate</dt>
          <dd>{task.environment_context.substrate_material}</dd>
          <dt>Damping ratio ζ</dt>
          <dd>{formatNumber(task.environment_context.damping_ratio)}</dd>
        </dl>
        <table className="data-table compact">
          <caption>Constraints</caption>
          <tbody>
            {task.constraints.map((c) => (
              <tr key={c.name}>
                <th scope="row">{CONSTRAINT_LABELS[c.name] ?? c.name}</th>
                <td>{formatNumber(c.limit)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <table className="data-table compact">
        <caption>Design bounds</caption>
        <thead>
          <tr>
            <th scope="col">Variable</th>
            <th scope="col">Min</th>
            <th scope="col">Max</th>
          </tr>
        </thead>
        <tbody>
          {DESIGN_VARIABLES.map((v) => (
            <tr key={v}>
              <th scope="row" className="mono">
                {v}
              </th>
              <td>{formatNumber(bounds[v][0])}</td>
              <td>{formatNumber(bounds[v][1])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
