/**
 * The reproduction evaluator's worker thread (Node): it receives a task id and the package's files,
 * replays them in a fresh QuickJS context over this thread's own oracle, and answers the verdict
 * (or, for a development run, the ungraded replay). A package that exhausts the engine takes down
 * this thread, not the agent's process (evaluator-thread.ts restarts it).
 */
import { parentPort } from 'node:worker_threads';
import { developPackage, evaluatePackage } from '../../core/reproduction/evaluator.ts';
import { nodeSandbox } from '../sandbox/quickjs-node.ts';
import { serveEvaluatorThread } from './evaluator-thread.ts';
import { reproductionDefinition, type ReproductionThreadRequest } from './reproduction-env.ts';
import { createNodeReproductionOracle } from './reproduction-oracle.ts';

if (!parentPort) throw new Error('reproduction-evaluator.worker.ts runs as a worker thread');

const deps = createNodeReproductionOracle().then((oracle) => ({ sandbox: nodeSandbox(), oracle, now: () => performance.now() }));

serveEvaluatorThread<ReproductionThreadRequest>(parentPort, async (r) => {
  const def = reproductionDefinition(r.task_id);
  return r.kind === 'evaluate' ? evaluatePackage(def, r.files, await deps) : developPackage(def, r.files, await deps);
});
