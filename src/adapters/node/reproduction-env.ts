/**
 * The reproduction suite's environment in Node. The CLI's runs replay packages in a worker thread
 * of their own (`createNodeReproductionEnv`, reproduction-evaluator.worker.ts): the thread gets the
 * task id and the files, nothing else. Tests may replay in this process instead
 * (`createInProcessReproductionEnv`): the same evaluator and a fresh QuickJS context per replay,
 * without the thread's start-up. The page runs the same evaluator in a Web Worker.
 */
import { DevelopmentRunSchema, ReproductionVerdictSchema, developPackage, evaluatePackage } from '../../core/reproduction/evaluator.ts';
import type { ReproductionEnv } from '../../core/reproduction/environment.ts';
import type { PackageFile } from '../../core/reproduction/replay.ts';
import type { ReproductionTaskDefinition } from '../../core/reproduction/task.ts';
import { reproductionTask } from '../../core/reproduction/tasks/index.ts';
import { nodeSandbox } from '../sandbox/quickjs-node.ts';
import { startEvaluatorThread, type EvaluatorThreadOptions } from './evaluator-thread.ts';
import { createNodeReproductionOracle } from './reproduction-oracle.ts';

export const REPRODUCTION_BACKEND_ID = 'reproduction-evaluator';

/** What the evaluator thread receives: the task id and the package, nothing else. */
export interface ReproductionThreadRequest {
  kind: 'evaluate' | 'develop';
  task_id: string;
  files: PackageFile[];
}

export function reproductionDefinition(taskId: string): ReproductionTaskDefinition {
  const d = reproductionTask(taskId);
  if (!d) throw new Error(`no reproduction task ${taskId}`);
  return d;
}

export type DisposableReproductionEnv = ReproductionEnv & { dispose(): Promise<void> };

/** The evaluator in a worker thread (the CLI's runs, verify, replay). */
export function createNodeReproductionEnv(options: EvaluatorThreadOptions = {}): Promise<DisposableReproductionEnv> {
  const thread = startEvaluatorThread<ReproductionThreadRequest>(new URL('./reproduction-evaluator.worker.ts', import.meta.url), options);
  const call = (kind: ReproductionThreadRequest['kind'], taskId: string, files: readonly PackageFile[]) => ({ kind, task_id: taskId, files: files.map((f) => ({ path: f.path, text: f.text })) });
  return Promise.resolve({
    backendId: REPRODUCTION_BACKEND_ID,
    evaluate: (taskId, files) => thread.call(call('evaluate', taskId, files), taskId, ReproductionVerdictSchema),
    develop: (taskId, files) => thread.call(call('develop', taskId, files), taskId, DevelopmentRunSchema),
    dispose: () => thread.close(),
  });
}

/** The evaluator in this process (tests, the bench's timing of the replay itself). */
export async function createInProcessReproductionEnv(): Promise<DisposableReproductionEnv> {
  const deps = { sandbox: nodeSandbox(), oracle: await createNodeReproductionOracle(), now: () => performance.now() };
  return {
    backendId: REPRODUCTION_BACKEND_ID,
    evaluate: (taskId, files) => evaluatePackage(reproductionDefinition(taskId), files, deps),
    develop: (taskId, files) => developPackage(reproductionDefinition(taskId), files, deps),
    dispose: () => Promise.resolve(),
  };
}
