/**
 * The photonics-agent environment with its solver in a worker thread (evaluator-thread.ts): a solve
 * runs for seconds synchronously, and on the main thread it kept Ctrl-C out until it returned
 * (issue 21: 3–5 s). Here the main thread only awaits a message, the tool loop's abort rejects the
 * tool call at once, and dispose() terminates the thread with the abandoned solve in it.
 */
import { z } from 'zod';
import type { PhotonicsAgentEnv } from '../../core/photonics-agent/environment.ts';
import type { SolveEstimate } from '../../core/photonics/estimate.ts';
import { createMaterialLibrary } from '../../core/photonics/materials/library.ts';
import type { PhotonicsResult } from '../../core/photonics/solve.ts';
import { startEvaluatorThread } from './evaluator-thread.ts';

/** What the thread receives: one problem (as the agent wrote it) and what to do with it. */
export type PhotonicsSolverRequest = { op: 'solve' | 'estimate'; problem: unknown } | { op: 'backend' };

// The thread is our own code running the same engine: its answers are checked for shape only (an
// object), the engine's own result types are not re-validated field by field on the way back.
const ResultSchema = z.custom<PhotonicsResult>((v) => v !== null && typeof v === 'object', 'a solve result object');
const EstimateSchema = z.custom<SolveEstimate>((v) => v !== null && typeof v === 'object', 'an estimate object');

export async function createThreadedPhotonicsAgentEnv(): Promise<PhotonicsAgentEnv & { dispose(): Promise<void> }> {
  // No per-call time limit: a solve is as long as the problem asks (the episode budget bounds it),
  // and the heap as large as Node's default on a 64-bit machine.
  const thread = startEvaluatorThread<PhotonicsSolverRequest>(new URL('./photonics-solver.worker.ts', import.meta.url), { timeoutMs: null, maxHeapMb: 4096 });
  const backendId = await thread.call({ op: 'backend' }, 'the backend', z.string());
  const materials = createMaterialLibrary();
  return {
    backendId,
    solve: (problem) => thread.call({ op: 'solve', problem }, 'a solve', ResultSchema),
    estimate: (problem) => thread.call({ op: 'estimate', problem }, 'an estimate', EstimateSchema),
    materials: () => materials.list(),
    dispose: () => thread.close(),
  };
}
