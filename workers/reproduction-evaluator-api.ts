/**
 * The reproduction evaluator's Web Worker API (workers/reproduction-evaluator.worker.ts): it
 * receives a task id and a package's files and answers the graded verdict (`evaluate`) or the
 * ungraded development replay (`develop`), nothing else. Each replay is a fresh QuickJS context over
 * this worker's own oracle (the photonics kernels and the VEH oracle); modules load on the first
 * call so the entry reaches Comlink.expose at once.
 */
import type { DevelopmentRun } from '../src/core/reproduction/environment.ts';
import type { ReproductionVerdict } from '../src/core/reproduction/evaluator.ts';
import type { PackageFile } from '../src/core/reproduction/replay.ts';
import type { PhotonicsWasmLoaders } from './photonics-api.ts';

export interface ReproductionWorkerApi {
  evaluate(taskId: string, files: PackageFile[]): Promise<ReproductionVerdict>;
  develop(taskId: string, files: PackageFile[]): Promise<DevelopmentRun>;
}

export function createReproductionWorkerApi(loaders: PhotonicsWasmLoaders): ReproductionWorkerApi {
  const load = async () => {
    const [{ loadPhotonicsKernels }, { createMaterialLibrary }, { browserSandbox }, evaluator, tasks, { bindReproductionOracle }, { createDirectVehOracle }, { referenceVehBackend }] = await Promise.all([
      import('./photonics-kernels.ts'),
      import('../src/core/photonics/materials/library.ts'),
      import('../src/adapters/sandbox/quickjs-browser.ts'),
      import('../src/core/reproduction/evaluator.ts'),
      import('../src/core/reproduction/tasks/index.ts'),
      import('../src/core/reproduction/oracle.ts'),
      import('../src/core/veh/direct-oracle.ts'),
      import('../src/core/kernels/reference-veh-backend.ts'),
    ]);
    const kernels = await loadPhotonicsKernels(loaders);
    const now = () => performance.now();
    const oracle = bindReproductionOracle({ materials: createMaterialLibrary(), kernels: kernels.kernels }, createDirectVehOracle(referenceVehBackend), now);
    const definition = (taskId: string) => {
      const d = tasks.reproductionTask(taskId);
      if (!d) throw new Error(`no reproduction task ${taskId}`);
      return d;
    };
    return { evaluator, definition, deps: { sandbox: browserSandbox(), oracle, now } };
  };
  let ready: ReturnType<typeof load> | undefined;
  return {
    async evaluate(taskId, files) {
      const s = await (ready ??= load());
      return s.evaluator.evaluatePackage(s.definition(taskId), files, s.deps);
    },
    async develop(taskId, files) {
      const s = await (ready ??= load());
      return s.evaluator.developPackage(s.definition(taskId), files, s.deps);
    },
  };
}
