/**
 * The photonics-agent engine's worker thread (Node): it builds the same solve context as the main
 * thread would (createNodeSolveContext: WASM kernels, else the references) and answers solve and
 * estimate requests with the very functions the in-process environment calls, so the results are
 * the same numbers; they cross back by structured clone, which keeps every double as it is.
 */
import { parentPort } from 'node:worker_threads';
import { createInProcessPhotonicsAgentEnv } from './photonics-agent-env.ts';
import type { PhotonicsSolverRequest } from './photonics-solver-thread.ts';
import { serveEvaluatorThread } from './evaluator-thread.ts';

if (!parentPort) throw new Error('photonics-solver.worker.ts runs as a worker thread');

const env = createInProcessPhotonicsAgentEnv();

serveEvaluatorThread<PhotonicsSolverRequest>(parentPort, async (r) => {
  const e = await env;
  if (r.op === 'backend') return e.backendId;
  return r.op === 'solve' ? e.solve(r.problem) : e.estimate(r.problem);
});
