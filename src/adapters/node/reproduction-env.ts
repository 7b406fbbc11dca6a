/**
 * The reproduction suite's environment in Node: the evaluator and the development sandbox in this
 * process, each replay in a fresh QuickJS context (nothing carries over between replays). The
 * page runs the same evaluator in a worker of its own.
 */
import { developPackage, evaluatePackage } from '../../core/reproduction/evaluator.ts';
import type { ReproductionEnv } from '../../core/reproduction/environment.ts';
import { reproductionTask } from '../../core/reproduction/tasks/index.ts';
import { nodeSandbox } from '../sandbox/quickjs-node.ts';
import { createNodeReproductionOracle } from './reproduction-oracle.ts';

export const REPRODUCTION_BACKEND_ID = 'reproduction-evaluator';

export async function createNodeReproductionEnv(): Promise<ReproductionEnv> {
  const deps = { sandbox: nodeSandbox(), oracle: await createNodeReproductionOracle(), now: () => performance.now() };
  const definition = (taskId: string) => {
    const d = reproductionTask(taskId);
    if (!d) throw new Error(`no reproduction task ${taskId}`);
    return d;
  };
  return {
    backendId: REPRODUCTION_BACKEND_ID,
    evaluate: (taskId, files) => evaluatePackage(definition(taskId), files, deps),
    develop: (taskId, files) => developPackage(definition(taskId), files, deps),
  };
}
