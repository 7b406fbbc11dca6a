/**
 * What the circuit-audit oracle worker exposes over comlink, kept apart from the worker entry so
 * Node tests can drive it without a Worker. As with the VEH worker, heavy modules are imported
 * lazily inside the methods so the entry reaches Comlink.expose() at once.
 */
import type { WasmSource } from '../src/core/kernels/wasm-module.ts';
import type { DirectCircuitOracle } from '../src/core/circuit-audit/oracle-direct.ts';
import type { CircuitRequest, CircuitResult } from '../src/core/circuit-audit/oracle.ts';

export interface CircuitWorkerInfo {
  backend: string;
  /** "wasm unavailable: …" for each backend passed over. */
  skipped: string[];
}

export function createCircuitOracleWorkerApi(loadWasm: () => Promise<WasmSource>) {
  let ready: Promise<{ oracle: DirectCircuitOracle; info: CircuitWorkerInfo }> | undefined;

  const load = async () => {
    const [{ createCircuitBackendRegistry }, { describeSkipped }, { createDirectCircuitOracle }] = await Promise.all([
      import('../src/core/kernels/circuit-backends.ts'),
      import('../src/core/kernels/registry.ts'),
      import('../src/core/circuit-audit/oracle-direct.ts'),
    ]);
    const selected = await createCircuitBackendRegistry(loadWasm).selectBackend();
    return { oracle: createDirectCircuitOracle(selected.backend), info: { backend: selected.id, skipped: selected.skipped.map(describeSkipped) } };
  };
  const oracle = async (): Promise<DirectCircuitOracle> => (await (ready ??= load())).oracle;

  return {
    async init(): Promise<CircuitWorkerInfo> {
      return (await (ready ??= load())).info;
    },
    async evaluateMany(requests: readonly CircuitRequest[]): Promise<CircuitResult[]> {
      return (await oracle()).evaluateManySync(requests);
    },
  };
}

export type CircuitOracleWorkerApi = ReturnType<typeof createCircuitOracleWorkerApi>;
