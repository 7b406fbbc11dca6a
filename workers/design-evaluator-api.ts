/**
 * The design worker's API (workers/design-evaluator.worker.ts). The page starts two of them: one is
 * the evaluator — it receives a task id and the source text and answers the verdict, nothing else —
 * and one serves the agent's heat and VEH simulator calls, so neither a long solve nor a hostile
 * source runs on the page's thread. Modules load lazily (the entry must reach Comlink.expose at once).
 */
import type { Verdict } from '../src/core/design/evaluator.ts';
import type { HeatResult } from '../src/core/photonics/heat/index.ts';
import type { OracleResult } from '../src/core/veh/oracle.ts';
import type { PhotonicsWasmLoaders } from './photonics-api.ts';

export interface DesignWorkerApi {
  evaluate(taskId: string, source: string): Promise<Verdict>;
  heat(problem: unknown): Promise<HeatResult>;
  veh(request: unknown): Promise<OracleResult>;
}

export function createDesignWorkerApi(loaders: PhotonicsWasmLoaders): DesignWorkerApi {
  const load = async () => {
    const [{ loadPhotonicsKernels }, { createMaterialLibrary }, { browserSandbox }, evaluator, tasks] = await Promise.all([
      import('./photonics-kernels.ts'),
      import('../src/core/photonics/materials/library.ts'),
      import('../src/adapters/sandbox/quickjs-browser.ts'),
      import('../src/core/design/evaluator.ts'),
      import('../src/core/design/tasks/index.ts'),
    ]);
    const kernels = await loadPhotonicsKernels(loaders);
    return { evaluator, tasks, deps: { sandbox: browserSandbox(), solve: { materials: createMaterialLibrary(), kernels: kernels.kernels } } };
  };
  let ready: ReturnType<typeof load> | undefined;
  return {
    async evaluate(taskId, source) {
      const s = await (ready ??= load());
      return s.evaluator.evaluateSource(s.tasks.designTask(taskId), source, s.deps);
    },
    async heat(problem) {
      const { solveHeat } = await import('../src/core/photonics/heat/index.ts');
      return solveHeat(problem);
    },
    async veh(request) {
      const [{ parseOracleRequest }, { createDirectVehOracle }, { referenceVehBackend }] = await Promise.all([
        import('../src/core/veh/oracle.ts'),
        import('../src/core/veh/direct-oracle.ts'),
        import('../src/core/kernels/reference-veh-backend.ts'),
      ]);
      return createDirectVehOracle(referenceVehBackend).evaluateSync(parseOracleRequest(request));
    },
  };
}
