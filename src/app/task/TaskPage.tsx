import { resolvePiezo, resolveSubstrate, type PiezoMaterial, type SubstrateMaterial } from '../../core/veh/materials.ts';
import type { VehTask } from '../../core/veh/task-schema.ts';
import { subtypeOf } from '../browser/task-filters.ts';
import { BankGate } from '../components/BankGate.tsx';
import { MaterialsPanel } from '../materials/MaterialsPanel.tsx';
import { routeHref } from '../routing/route.ts';
import { OpeningMessages } from './OpeningMessages.tsx';
import { P1Details } from './P1Details.tsx';
import { P2Details } from './P2Details.tsx';
import { P3Details } from './P3Details.tsx';
import { P4Details } from './P4Details.tsx';
import { ProvenanceSection } from './ProvenanceSection.tsx';
import { ReferenceReveal } from './ReferenceReveal.tsx';
import { TaskChart } from './TaskChart.tsx';
import { TaskConditions } from './TaskConditions.tsx';

export function TaskPage({ taskId, query }: { taskId: string; query: URLSearchParams }) {
  const backHref = routeHref({ name: 'suite', query });
  return (
    <>
      <p className="breadcrumb">
        <a href={backHref}>← VEHBench tasks</a>
      </p>
      <BankGate>
        {(bank) => {
          const task = bank.tasks.find((t) => t.task_id === taskId);
          if (!task) {
            return (
              <div className="error-panel" role="alert">
                <strong>No task with id “{taskId}” in this bank.</strong>
              </div>
            );
          }
          // Keyed by id so per-task state (revealed reference, P3 variant) resets between tasks.
          return <TaskView key={task.task_id} task={task} />;
        }}
      </BankGate>
    </>
  );
}

function TaskView({ task }: { task: VehTask }) {
  return (
    <article className="task-view">
      <header>
        <h1 className="mono" data-testid="task-id">
          {task.task_id}
        </h1>
        <p className="tags">
          <span className="tag">{task.probe}</span>
          <span className="tag">{task.split}</span>
          <span className="tag">{subtypeOf(task)}</span>
          <span className="tag">difficulty {task.difficulty}</span>
        </p>
      </header>
      <ProbeDetails task={task} />
      <TaskChart task={task} />
      <OpeningMessages task={task} />
      <ReferenceReveal task={task} />
      {/* A P1 brief may withhold a field whose true value sits in the oracle context, so for P1 the
          context is shown only inside the reference reveal (P1Details shows the brief itself). */}
      {task.probe !== 'P1' && <TaskConditions task={task} />}
      <ProvenanceSection task={task} />
      <TaskMaterials task={task} />
    </article>
  );
}

function ProbeDetails({ task }: { task: VehTask }) {
  switch (task.probe) {
    case 'P1':
      return <P1Details task={task} />;
    case 'P2':
      return <P2Details task={task} />;
    case 'P3':
      return <P3Details task={task} />;
    case 'P4':
      return <P4Details task={task} />;
  }
}

/** The task's materials; a name the oracle does not know is shown rather than thrown. */
function TaskMaterials({ task }: { task: VehTask }) {
  const resolved = resolveTaskMaterials(task);
  if ('error' in resolved) {
    return (
      <div className="error-panel" role="alert">
        <strong>Unknown material</strong>
        <p>{resolved.error}</p>
      </div>
    );
  }
  return <MaterialsPanel piezo={resolved.piezo} substrate={resolved.substrate} open />;
}

function resolveTaskMaterials(task: VehTask): { piezo: PiezoMaterial; substrate: SubstrateMaterial } | { error: string } {
  try {
    return {
      piezo: resolvePiezo(task.environment_context.piezo_material),
      substrate: resolveSubstrate(task.environment_context.substrate_material),
    };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
