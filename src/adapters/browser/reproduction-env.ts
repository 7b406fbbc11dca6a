/**
 * The reproduction suite's environment in the page: the evaluator in a Web Worker of its own (it gets
 * the task id and the package's files, nothing else) for the graded replay, and a second one for the
 * agent's development runs, so a package that runs away in development never delays the grade. A
 * crashed worker rejects its calls with a clear error (guardWorker); the answers are validated with
 * the same schemas as the Node thread's; terminate() stops both.
 */
import { DevelopmentRunSchema, ReproductionVerdictSchema } from '../../core/reproduction/evaluator.ts';
import type { ReproductionEnv } from '../../core/reproduction/environment.ts';
import type { ReproductionWorkerApi } from '../../../workers/reproduction-evaluator-api.ts';
import { guardWorker } from './guarded-worker.ts';

export class ReproductionWorkerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReproductionWorkerError';
  }
}

/** Same id as the Node environment: verdicts carry the evaluator version; the backend is the evaluator. */
export const REPRODUCTION_BACKEND_ID = 'reproduction-evaluator';

function startReproductionWorker(role: string) {
  const worker = new Worker(new URL('../../../workers/reproduction-evaluator.worker.ts', import.meta.url), { type: 'module', name: `reproduction-${role}` });
  return guardWorker<ReproductionWorkerApi>(worker, {
    crashed: (detail) => new ReproductionWorkerError(`the reproduction ${role} worker crashed: ${detail}`),
    undecodable: () => new ReproductionWorkerError(`the reproduction ${role} worker sent a message that could not be decoded`),
  });
}

/** Plain copies: only the path and text of each file cross to the worker. */
const plain = (files: readonly { path: string; text: string }[]) => files.map((f) => ({ path: f.path, text: f.text }));

export function createWorkerReproductionEnv(): Promise<ReproductionEnv & { skipped: readonly string[]; terminate(): void }> {
  const evaluator = startReproductionWorker('evaluator');
  const development = startReproductionWorker('development');
  return Promise.resolve({
    backendId: REPRODUCTION_BACKEND_ID,
    skipped: [],
    evaluate: async (taskId, files) => ReproductionVerdictSchema.parse(await evaluator.call(() => evaluator.remote.evaluate(taskId, plain(files)))),
    develop: async (taskId, files) => DevelopmentRunSchema.parse(await development.call(() => development.remote.develop(taskId, plain(files)))),
    terminate: () => {
      evaluator.fail(new ReproductionWorkerError('the reproduction evaluator was terminated'));
      development.fail(new ReproductionWorkerError('the reproduction development worker was terminated'));
    },
  });
}
