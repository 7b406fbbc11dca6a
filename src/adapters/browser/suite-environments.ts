/**
 * What each suite's episodes call in the page: its oracle in a Web Worker. The page's counterpart of
 * src/adapters/node/suite-environments.ts; keyed by suite id so the page never branches on a suite.
 */
import type { SuiteEnvironment } from '../../core/run/types.ts';
import { createWorkerCircuitOracle } from './worker-circuit-oracle.ts';
import { createWorkerVehOracle } from './worker-veh-oracle.ts';
import { createWorkerPhotonicsAgentEnv } from './photonics-agent-env.ts';
import { createWorkerPhotonics } from './worker-photonics.ts';
import { createWorkerDesignEnv } from './design-env.ts';
import { createWorkerReproductionEnv } from './reproduction-env.ts';

/** The photonics-agent suite's tools over a photonics worker of its own (terminated with the environment). */
async function createPhotonicsAgentEnvironment(): Promise<PageEnvironment> {
  const worker = await createWorkerPhotonics();
  const env = await createWorkerPhotonicsAgentEnv(worker);
  return Object.assign(env, { skipped: [] as readonly string[], terminate: () => worker.terminate() });
}

/** A live environment: terminate() stops its worker (a retry starts a fresh one). */
export interface PageEnvironment extends SuiteEnvironment {
  readonly skipped: readonly string[];
  terminate(): void;
}

const FACTORIES: Readonly<Record<string, () => Promise<PageEnvironment>>> = {
  veh: createWorkerVehOracle,
  circuit: createWorkerCircuitOracle,
  'photonics-agent': createPhotonicsAgentEnvironment,
  design: createWorkerDesignEnv,
  reproduction: createWorkerReproductionEnv,
};

export function hasPageEnvironment(suiteId: string): boolean {
  return Object.hasOwn(FACTORIES, suiteId);
}

export function createPageEnvironment(suiteId: string): Promise<PageEnvironment> {
  const make = Object.hasOwn(FACTORIES, suiteId) ? FACTORIES[suiteId] : undefined;
  if (!make) return Promise.reject(new Error(`no in-page environment for suite "${suiteId}"`));
  return make();
}
