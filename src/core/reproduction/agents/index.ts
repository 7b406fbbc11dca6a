/**
 * The built-in reproduction agents, each played through the same tool loop as a model:
 *  - `reference` (privileged): writes the task's reference workflow, runs it once in the
 *    development sandbox, and submits — Full on every task (it calibrates the harness);
 *  - `plausible`: writes the task's plausible workflow — it runs and looks right but skips
 *    validation or uses a wrong setting — and submits: Partial with a low Validation stage;
 *  - `empty`: deletes the starter and submits an empty package: the floor (0 on every task).
 */
import type { Agent } from '../../agent/types.ts';
import { scriptedToolAgent, type Script } from '../../llm/scripted-client.ts';
import type { PackageFile } from '../replay.ts';
import { ReproductionBankTaskSchema, type ReproductionBankTask } from '../task-schema.ts';

const parse = (raw: unknown): ReproductionBankTask => ReproductionBankTaskSchema.parse(raw);

/** Turn 0: replace the starter by `files`; turn 1: run (optional); then submit; then stop. */
function writeAndSubmit(task: ReproductionBankTask, files: readonly PackageFile[], runFirst: boolean): Script {
  const steps = [
    { text: 'Writing the workflow package.', calls: [...task.starter.filter((s) => !files.some((f) => f.path === s.path)).map((s) => ({ name: 'delete_file', arguments: { path: s.path } })), ...files.map((f) => ({ name: 'write_file', arguments: { path: f.path, text: f.text } }))] },
    ...(runFirst ? [{ text: 'Running it in the development sandbox.', calls: [{ name: 'run', arguments: {} }] }] : []),
    { text: 'Submitting the package.', calls: [{ name: 'submit', arguments: {} }] },
  ];
  return (turn) => steps[turn] ?? { text: 'Package submitted.', calls: [] };
}

export const referenceReproductionAgent: Agent = scriptedToolAgent(
  { id: 'reference', label: 'Reference workflow', description: 'Writes each task’s reference workflow, runs it once, and submits it. Calibrates the harness: Full on every task.', privileged: true },
  parse,
  (task) => writeAndSubmit(task, task.reference, true),
);

export const plausibleReproductionAgent: Agent = scriptedToolAgent(
  { id: 'plausible', label: 'Plausible shortcut', description: 'Submits a workflow that runs and looks right but skips validation or uses a wrong setting: what a careless reproduction scores.', privileged: false },
  parse,
  (task) => writeAndSubmit(task, task.plausible, false),
);

export const emptyReproductionAgent: Agent = scriptedToolAgent(
  { id: 'empty', label: 'Empty package', description: 'Deletes the starter and submits an empty package: the floor.', privileged: false },
  parse,
  (task) => writeAndSubmit(task, [], false),
);

export const REPRODUCTION_AGENTS: readonly Agent[] = [referenceReproductionAgent, plausibleReproductionAgent, emptyReproductionAgent];
