import { resolvePiezo, resolveSubstrate, type PiezoMaterial, type SubstrateMaterial } from '../../../core/veh/materials.ts';
import type { VehTask } from '../../../core/veh/task-schema.ts';
import { MaterialsPanel } from '../../materials/MaterialsPanel.tsx';
import { OpeningMessages } from '../../task/OpeningMessages.tsx';
import { P1Details } from '../../task/P1Details.tsx';
import { P2Details } from '../../task/P2Details.tsx';
import { P3Details } from '../../task/P3Details.tsx';
import { P4Details } from '../../task/P4Details.tsx';
import { ProvenanceSection } from '../../task/ProvenanceSection.tsx';
import { ReferenceReveal } from '../../task/ReferenceReveal.tsx';
import { TaskChart } from '../../task/TaskChart.tsx';
import { TaskConditions } from '../../task/TaskConditions.tsx';

/** A VEHBench task's card: the probe's details, the oracle's view, the opening messages, the reference behind a reveal. */
export function VehTaskDetails({ task: t }: { task: { task_id: string } }) {
  // The bank was loaded with VEH's task schema (the route's suite is VEH).
  const task = t as VehTask;
  return (
    <>
      <ProbeDetails task={task} />
      <TaskChart task={task} />
      <OpeningMessages task={task} />
      <ReferenceReveal task={task} />
      {/* A P1 brief may withhold a field whose true value sits in the oracle context, so for P1 the
          context is shown only inside the reference reveal (P1Details shows the brief itself). */}
      {task.probe !== 'P1' && <TaskConditions task={task} />}
      <ProvenanceSection task={task} />
      <TaskMaterials task={task} />
    </>
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
