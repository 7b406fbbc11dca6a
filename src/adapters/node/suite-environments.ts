/**
 * What each suite's episodes call, in Node: the WASM oracles (with their bit-identical TypeScript
 * fallbacks), and where each suite's shipped bank lives on disk. The CLI and Node tests take
 * environments from here by suite id; the page has its worker-backed counterpart.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnySuite } from '../../core/suite/contract.ts';
import type { SuiteEnvironment } from '../../core/run/types.ts';
import type { ShippedBank } from '../../core/verify/verify.ts';
import { createNodeVehOracle } from './veh-wasm.ts';
import { createNodeCircuitOracle } from './circuit-wasm.ts';
import { bankHash, bankTextReader } from './run-files.ts';
import { createNodePhotonicsAgentEnv } from './photonics-agent-env.ts';
import { createNodeDesignEnv } from './design-env.ts';
import { createNodeReproductionEnv } from './reproduction-env.ts';

/** public/banks, resolved from this file so the CLI finds the banks from any working directory. */
export const BANKS_ROOT = fileURLToPath(new URL('../../../public/banks/', import.meta.url));

const FACTORIES: Readonly<Record<string, () => Promise<SuiteEnvironment>>> = {
  veh: createNodeVehOracle,
  circuit: createNodeCircuitOracle,
  'photonics-agent': createNodePhotonicsAgentEnv,
  design: () => createNodeDesignEnv(),
  reproduction: () => createNodeReproductionEnv(),
};

/** A fresh environment for one of the suite's runs (or for verifying one). */
export function createNodeEnvironment(suite: AnySuite): Promise<SuiteEnvironment> {
  const id = suite.descriptor.id;
  const make = Object.hasOwn(FACTORIES, id) ? FACTORIES[id] : undefined;
  if (!make) return Promise.reject(new Error(`no Node environment for suite "${id}"`));
  return make();
}

export function defaultBankDir(suite: AnySuite): string {
  return join(BANKS_ROOT, suite.bank.dir);
}

/** The bank this build ships for the suite, with the hash runs record (sha256 of manifest.json's bytes). */
export async function loadShippedBank(suite: AnySuite, dir: string = defaultBankDir(suite)): Promise<ShippedBank> {
  const { tasks } = await suite.bank.load(bankTextReader(dir));
  return { hash: await bankHash(dir), tasks };
}
