/**
 * What the VEH oracle worker exposes over comlink, kept apart from the worker entry so Node tests can
 * drive it without a Worker. Heavy modules (zod schemas, kernels) are imported lazily inside the
 * methods: the entry must reach Comlink.expose() at once, because messages that arrive before a
 * listener exists are lost (a static top-level-await import did exactly that in this toolchain).
 */
import { transfer } from 'comlink';
import type { WasmSource } from '../src/core/kernels/veh-backends.ts';
import type { VehOracleBackend } from '../src/core/kernels/veh-backend.ts';
import type { DirectVehOracle } from '../src/core/veh/direct-oracle.ts';
import type { OracleRequest, OracleResult } from '../src/core/veh/oracle.ts';

export interface VehWorkerInfo {
  backend: string;
  /** "wasm unavailable: …" for each backend passed over. */
  skipped: string[];
}

export interface VehWorkerBench {
  evalsPerSecond: number;
  backend: string;
}

/** Designs per batch in bench(): the same size the Node benchmark uses. */
export const BENCH_BATCH = 4096;
const BENCH_ROUNDS = 5;

export function createVehOracleWorkerApi(loadWasm: () => Promise<WasmSource>, now: () => number = () => performance.now()) {
  let ready: Promise<{ oracle: DirectVehOracle; info: VehWorkerInfo }> | undefined;

  const load = async () => {
    const [{ createVehBackendRegistry }, { describeSkipped }, { createDirectVehOracle }] = await Promise.all([
      import('../src/core/kernels/veh-backends.ts'),
      import('../src/core/kernels/registry.ts'),
      import('../src/core/veh/direct-oracle.ts'),
    ]);
    const selected = await createVehBackendRegistry(loadWasm).selectBackend();
    return {
      oracle: createDirectVehOracle(selected.backend),
      info: { backend: selected.id, skipped: selected.skipped.map(describeSkipped) },
    };
  };
  // Every method initialises on demand, so a caller that skips init() still gets the chosen backend.
  const oracle = async (): Promise<DirectVehOracle> => (await (ready ??= load())).oracle;
  const backend = async (): Promise<VehOracleBackend> => (await oracle()).backend;

  return {
    async init(): Promise<VehWorkerInfo> {
      return (await (ready ??= load())).info;
    },

    async evaluateMany(requests: readonly OracleRequest[]): Promise<OracleResult[]> {
      return (await oracle()).evaluateManySync(requests);
    },

    /** Flat batch in the oracle layout; the result's buffer is transferred back, not copied. */
    async evaluateBatch(input: Float64Array, count: number): Promise<Float64Array> {
      const [b, { OUTPUT_STRIDE }] = await Promise.all([backend(), import('../src/core/veh/oracle-layout.ts')]);
      const out = new Float64Array(count * OUTPUT_STRIDE);
      b.evaluateBatch(input, count, out);
      return transfer(out, [out.buffer]);
    },

    /** Evaluations per second on this worker's backend: median of 5 rounds over `durationMs` in all. */
    async bench(durationMs: number): Promise<VehWorkerBench> {
      const b = await backend();
      const [{ measureThroughput }, { randomVehBatch }, { createRng }] = await Promise.all([
        import('../src/core/kernels/veh-throughput.ts'),
        import('../src/core/kernels/veh-random-batch.ts'),
        import('../src/core/stats/rng.ts'),
      ]);
      const input = randomVehBatch(createRng(1), BENCH_BATCH);
      const roundMs = Math.max(1, durationMs / (BENCH_ROUNDS + 1));
      const { evalsPerSecond } = measureThroughput(b, input, BENCH_BATCH, now, { rounds: BENCH_ROUNDS, roundMs, warmupMs: roundMs });
      return { evalsPerSecond, backend: b.id };
    },
  };
}

export type VehOracleWorkerApi = ReturnType<typeof createVehOracleWorkerApi>;
