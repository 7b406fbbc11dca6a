/**
 * The design evaluator's worker thread (Node): it receives only a task id and the source text, and
 * answers with the verdict. Everything the evaluator needs — the sandbox, the solvers — is built
 * here, inside the thread, so a source that exhausts the engine or a solver that runs away takes
 * down this thread and not the agent's process (evaluator-thread.ts restarts it).
 */
import { parentPort } from 'node:worker_threads';
import { evaluateSource } from '../../core/design/evaluator.ts';
import { designTask } from '../../core/design/tasks/index.ts';
import { nodeSandbox } from '../sandbox/quickjs-node.ts';
import type { DesignEvaluationRequest } from './design-evaluator-thread.ts';
import { serveEvaluatorThread } from './evaluator-thread.ts';
import { createNodeSolveContext } from './photonics-context.ts';

if (!parentPort) throw new Error('design-evaluator.worker.ts runs as a worker thread');

const deps = createNodeSolveContext().then((solve) => ({ sandbox: nodeSandbox(), solve }));

serveEvaluatorThread<DesignEvaluationRequest>(parentPort, async (r) => evaluateSource(designTask(r.task_id), r.source, await deps));
