/**
 * The design suite's environment in the page: the evaluator in a Web Worker of its own (it gets the
 * task id and the source text, nothing else), a second design worker for the agent's heat and VEH
 * calls, and a photonics worker for the engine's tools. A crashed worker rejects its calls with a
 * clear error (guardWorker); terminate() stops all three.
 */
import type { DesignEnv } from '../../core/design/environment.ts';
import type { DesignWorkerApi } from '../../../workers/design-evaluator-api.ts';
import { guardWorker } from './guarded-worker.ts';
import { createWorkerPhotonicsAgentEnv } from './photonics-agent-env.ts';
import { createWorkerPhotonics } from './worker-photonics.ts';

export class DesignWorkerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DesignWorkerError';
  }
}

function startDesignWorker(role: string) {
  const worker = new Worker(new URL('../../../workers/design-evaluator.worker.ts', import.meta.url), { type: 'module', name: `design-${role}` });
  return guardWorker<DesignWorkerApi>(worker, {
    crashed: (detail) => new DesignWorkerError(`the design ${role} worker crashed: ${detail}`),
    undecodable: () => new DesignWorkerError(`the design ${role} worker sent a message that could not be decoded`),
  });
}

/** Same id as the Node environment: verdicts carry the evaluator version; the backend is the evaluator. */
export const DESIGN_BACKEND_ID = 'design-evaluator';

/**
 * The evaluator alone, in a worker of its own: what the transcript view uses to recompute the map a
 * recorded verdict leaves out (no tools or photonics worker is started for that).
 */
export function createWorkerDesignEvaluator(): { evaluate: DesignEnv['evaluate']; terminate(): void } {
  const evaluator = startDesignWorker('evaluator');
  return {
    evaluate: (taskId, source) => evaluator.call(() => evaluator.remote.evaluate(taskId, source)),
    terminate: () => evaluator.fail(new DesignWorkerError('the design evaluator was terminated')),
  };
}

export async function createWorkerDesignEnv(): Promise<DesignEnv & { skipped: readonly string[]; terminate(): void }> {
  const evaluator = startDesignWorker('evaluator');
  const tools = startDesignWorker('tools');
  const photonicsWorker = await createWorkerPhotonics();
  const photonics = await createWorkerPhotonicsAgentEnv(photonicsWorker);
  return {
    backendId: DESIGN_BACKEND_ID,
    skipped: photonicsWorker.backends.skipped,
    evaluate: (taskId, source) => evaluator.call(() => evaluator.remote.evaluate(taskId, source)),
    photonics: { solve: photonics.solve, estimate: photonics.estimate, materials: photonics.materials },
    heat: (problem) => tools.call(() => tools.remote.heat(problem)),
    veh: (request) => tools.call(() => tools.remote.veh(request)),
    terminate: () => {
      evaluator.fail(new DesignWorkerError('the design evaluator was terminated'));
      tools.fail(new DesignWorkerError('the design tools worker was terminated'));
      photonicsWorker.terminate();
    },
  };
}
