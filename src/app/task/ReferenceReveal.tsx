import { useState } from 'react';
import { TaskConditions } from './TaskConditions.tsx';
import type { P1Task, P2Task, P3Task, P4Task, VehTask } from '../../core/veh/task-schema.ts';
import { HorizontalBarChart } from '../charts/HorizontalBarChart.tsx';
import { JsonBlock } from '../components/JsonBlock.tsx';
import { formatNumber } from '../format.ts';
import { DesignTable } from './DesignTable.tsx';

/**
 * The hidden reference (gold label, best-known-feasible design, oracle order). Agents never see it;
 * people may, but only on request, so a glance at a task does not spoil it.
 */
export function ReferenceReveal({ task }: { task: VehTask }) {
  const [revealed, setRevealed] = useState(false);
  return (
    <section className="panel reference" aria-labelledby="reference-heading">
      <div className="panel-heading">
        <h2 id="reference-heading">Hidden reference</h2>
        <button type="button" aria-expanded={revealed} aria-controls="reference-body" onClick={() => setRevealed((r) => !r)}>
          {revealed ? 'Hide reference' : 'Reveal reference'}
        </button>
      </div>
      {revealed ? (
        <div id="reference-body" data-testid="task-reference">
          <ReferenceSummary task={task} />
          <details>
            <summary>Full reference record</summary>
            <JsonBlock value={task.reference} />
          </details>
        </div>
      ) : (
        <p className="note">Hidden from agents (the privileged calibration agent aside). Reveal to see the answer key.</p>
      )}
    </section>
  );
}

function ReferenceSummary({ task }: { task: VehTask }) {
  switch (task.probe) {
    case 'P1':
      return <P1Reference task={task} />;
    case 'P2':
      return <P2Reference task={task} />;
    case 'P3':
      return <P3Reference task={task} />;
    case 'P4':
      return <P4Reference task={task} />;
  }
}

function P1Reference({ task }: { task: P1Task }) {
  const gold = task.reference.gold_label;
  return (
    <>
      <dl className="facts">
        <dt>Gold action</dt>
        <dd className="mono" data-testid="gold-action">
          {gold.action_type}
        </dd>
        <dt>Missing fields</dt>
        <dd className="mono">{gold.missing_fields.join(', ') || '—'}</dd>
        <dt>Missing fields (ground truth)</dt>
        <dd className="mono">{task.missing_fields_ground_truth.join(', ') || '—'}</dd>
        <dt>Rationale</dt>
        <dd>{task.reference.rationale}</dd>
      </dl>
      <h3>Evidence</h3>
      <JsonBlock value={task.reference.evidence} />
      <TaskConditions task={task} />
    </>
  );
}

function BkfFacts({ bkf }: { bkf: P2Task['reference']['bkf'] }) {
  return (
    <dl className="facts">
      <dt>Best-known-feasible power</dt>
      <dd>{formatNumber(bkf.power_uw)} µW</dd>
      <dt>Found by</dt>
      <dd>
        {bkf.method} ({bkf.evaluations} evaluations)
      </dd>
    </dl>
  );
}

function P2Reference({ task }: { task: P2Task }) {
  const bkf = task.reference.bkf;
  return (
    <>
      <BkfFacts bkf={bkf} />
      <HorizontalBarChart
        title="Seed design vs best-known-feasible power"
        unit="µW"
        bars={[
          { label: 'seed', value: task.initial_result.load_power_uw, tone: task.initial_result.feasible ? 'good' : 'bad' },
          { label: 'BKF', value: bkf.power_uw, tone: 'reference' },
        ]}
      />
      <DesignTable caption="Best-known-feasible design" design={bkf.design} />
    </>
  );
}

function P3Reference({ task }: { task: P3Task }) {
  const { bkf, trusted_design } = task.reference;
  return (
    <>
      <BkfFacts bkf={bkf} />
      <HorizontalBarChart
        title="Trap vs best-known-feasible power"
        unit="µW"
        bars={[
          { label: 'trap', value: task.trap_design.load_power_uw, tone: 'bad' },
          { label: 'BKF', value: bkf.power_uw, tone: 'reference' },
        ]}
      />
      <div className="grid-2">
        <DesignTable caption="Best-known-feasible design" design={bkf.design} />
        {trusted_design ? <DesignTable caption="Last trusted design" design={trusted_design} /> : <p>No trusted prior design.</p>}
      </div>
    </>
  );
}

function P4Reference({ task }: { task: P4Task }) {
  const ref = task.reference;
  return (
    <>
      <dl className="facts">
        <dt>Oracle order</dt>
        <dd className="mono" data-testid="oracle-order">
          {ref.oracle_order.join(' ≻ ')}
        </dd>
        <dt>Order changes with the policy</dt>
        <dd>{ref.balanced_active ? 'yes' : 'no'}</dd>
        <dt>Policy-sensitive pairs</dt>
        <dd className="mono">{ref.policy_sensitive_pairs.map(([a, b]) => `${a}–${b}`).join(', ') || '—'}</dd>
        <dt>Pareto pairs</dt>
        <dd className="mono">{ref.pareto_pairs.map(([a, b]) => `${a}≻${b}`).join(', ') || '—'}</dd>
      </dl>
      <HorizontalBarChart
        title={`Policy scores (${task.policy})`}
        bars={ref.oracle_order.map((id) => ({ label: id, value: ref.policy_scores[id] ?? 0, tone: 'reference' as const }))}
      />
    </>
  );
}
