/**
 * The spec-to-design evaluator in its own worker thread (evaluator-thread.ts), for the CLI and the
 * run engine in Node: the thread gets a task id and the source text, the caller a validated Verdict.
 */
import { VerdictSchema, type Verdict } from '../../core/design/evaluator.ts';
import { startEvaluatorThread, type EvaluatorThreadOptions } from './evaluator-thread.ts';

export { EvaluatorThreadError } from './evaluator-thread.ts';

export interface DesignEvaluator {
  evaluate(taskId: string, source: string): Promise<Verdict>;
  close(): Promise<void>;
}

/** What the thread receives: nothing but the task id and the source. */
export interface DesignEvaluationRequest {
  task_id: string;
  source: string;
}

export function startDesignEvaluator(options: EvaluatorThreadOptions = {}): DesignEvaluator {
  const thread = startEvaluatorThread<DesignEvaluationRequest>(new URL('./design-evaluator.worker.ts', import.meta.url), options);
  return { evaluate: (taskId, source) => thread.call({ task_id: taskId, source }, taskId, VerdictSchema), close: () => thread.close() };
}
