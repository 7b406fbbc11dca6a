import type { P3Task, P4Task, VehTask } from '../../core/veh/task-schema.ts';
import { HorizontalBarChart } from '../charts/HorizontalBarChart.tsx';

/** Charts of what the agent can see; charts that need the hidden reference live in ReferenceReveal. */
export function TaskChart({ task }: { task: VehTask }) {
  switch (task.probe) {
    case 'P3':
      return <P3HistoryChart task={task} />;
    case 'P4':
      return <P4CandidateCharts task={task} />;
    default:
      return null;
  }
}

function P3HistoryChart({ task }: { task: P3Task }) {
  const bars = task.corrupted_history.map((h) => ({
    label: `step ${h.step}`,
    value: h.verifier_response.metrics['load_power_uw'] ?? 0,
    tone: h.verifier_response.feasible ? ('good' as const) : ('bad' as const),
  }));
  return (
    <figure className="panel chart-figure">
      <HorizontalBarChart title="Load power along the corrupted history (red: infeasible)" bars={bars} unit="µW" />
    </figure>
  );
}

const P4_METRICS = [
  { key: 'load_power_uw', title: 'Load power (higher is better)', unit: 'µW' },
  { key: 'tip_stress_mpa', title: 'Tip stress (lower is safer)', unit: 'MPa' },
  { key: 'tip_disp_mm', title: 'Tip displacement', unit: 'mm' },
  { key: 'freq_error_pct', title: 'Frequency error', unit: '%' },
] as const;

function P4CandidateCharts({ task }: { task: P4Task }) {
  return (
    <figure className="panel chart-figure">
      <figcaption>Candidates' oracle metrics</figcaption>
      <div className="small-multiples">
        {P4_METRICS.map((m) => (
          <HorizontalBarChart
            key={m.key}
            title={m.title}
            unit={m.unit}
            width={300}
            bars={task.candidates.map((c) => ({ label: c.id, value: c.metrics[m.key] }))}
          />
        ))}
      </div>
    </figure>
  );
}
