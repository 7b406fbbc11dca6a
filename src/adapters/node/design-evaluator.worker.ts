/**
 * The design evaluator's worker thread (Node): it receives only a task id and the source text, and
 * answers with the verdict. Everything the evaluator needs — the sandbox, the solvers — is built
 * here, inside the thread, so a source that exhausts the engine or a solver that runs away takes
 * down this thread and not the agent's process (design-evaluator-thread.ts restarts it).
 */
import { parentPort } from 'node:worker_threads';
import { evaluateSource } from '../../core/design/evaluator.ts';
import { designTask } from '../../core/design/tasks/index.ts';
import { nodeSandbox } from '../sandbox/quickjs-node.ts';
import { createNodeSolveContext } from './photonics-context.ts';

const port = parentPort;
if (!port) throw new Error('design-evaluator.worker.ts runs as a worker thread');

const deps = createNodeSolveContext().then((solve) => ({ sandbox: nodeSandbox(), solve }));

port.on('message', (msg: { id: number; task_id: string; source: string }) => {
  void (async () => {
    try {
      const verdict = await evaluateSource(designTask(msg.task_id), msg.source, await deps);
      port.postMessage({ id: msg.id, ok: true, verdict });
    } catch (e) {
      port.postMessage({ id: msg.id, ok: false, message: e instanceof Error ? e.message : String(e) });
    }
  })();
});
