/**
 * VEH oracle throughput in Node, one thread (= one core): the reference TypeScript backend and the
 * WASM kernel on the same 4096 seeded random designs, 5 timed rounds of ~1 s after a 1 s warm-up,
 * median reported. Run: npx tsx bench/oracle-node.ts [--round-ms N]
 */
import { performance } from 'node:perf_hooks';
import { loadNodeWasmVehBackend } from '../src/adapters/node/veh-wasm.ts';
import { referenceVehBackend } from '../src/core/kernels/reference-veh-backend.ts';
import type { VehOracleBackend } from '../src/core/kernels/veh-backend.ts';
import { randomVehBatch } from '../src/core/kernels/veh-random-batch.ts';
import { measureThroughput } from '../src/core/kernels/veh-throughput.ts';
import { createRng } from '../src/core/stats/rng.ts';
import { BENCH_BATCH } from '../workers/veh-oracle-api.ts';

const ROUNDS = 5;

function roundMsFromArgs(argv: readonly string[]): number {
  const i = argv.indexOf('--round-ms');
  if (i < 0) return 1000;
  const v = Number(argv[i + 1]);
  if (!Number.isFinite(v) || v <= 0) throw new Error('--round-ms needs a positive number');
  return v;
}

const fmt = (x: number): string => Math.round(x).toLocaleString('en');

async function main(): Promise<void> {
  const roundMs = roundMsFromArgs(process.argv.slice(2));
  const backends: VehOracleBackend[] = [referenceVehBackend, await loadNodeWasmVehBackend()];
  const input = randomVehBatch(createRng(1), BENCH_BATCH);
  const now = (): number => performance.now();

  const rows = backends.map((b) => {
    const r = measureThroughput(b, input, BENCH_BATCH, now, { rounds: ROUNDS, roundMs, warmupMs: roundMs });
    return { id: b.id, ...r };
  });

  console.log(`VEH oracle, Node ${process.version}, one thread, batch ${BENCH_BATCH}, median of ${ROUNDS} rounds of ${roundMs} ms`);
  console.log(['backend'.padEnd(10), 'evals/s'.padStart(14), 'min'.padStart(14), 'max'.padStart(14), 'ns/eval'.padStart(9)].join('  '));
  for (const r of rows) {
    console.log(
      [
        r.id.padEnd(10),
        fmt(r.evalsPerSecond).padStart(14),
        fmt(Math.min(...r.rounds)).padStart(14),
        fmt(Math.max(...r.rounds)).padStart(14),
        (1e9 / r.evalsPerSecond).toFixed(1).padStart(9),
      ].join('  '),
    );
  }
}

await main();
