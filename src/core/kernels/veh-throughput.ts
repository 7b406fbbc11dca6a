/**
 * Evaluations-per-second measurement shared by the Node benchmark and the worker's bench(): the same
 * batch evaluated repeatedly for a fixed time per round, the median round reported (robust to one
 * round hit by GC or a JIT tier-up). The clock is passed in, so core stays free of ambient time.
 */
import { OUTPUT_STRIDE } from '../veh/oracle-layout.ts';
import type { VehOracleBackend } from './veh-backend.ts';

export interface ThroughputOptions {
  /** Timed rounds; the median is reported. */
  rounds: number;
  roundMs: number;
  /** Untimed evaluation before the first round, so the JIT has compiled the hot path. */
  warmupMs: number;
}

export interface ThroughputResult {
  evalsPerSecond: number;
  /** Evaluations per second of every round, in order. */
  rounds: number[];
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const s = values.slice().sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/** Runs `count` packed designs from `input` through `backend` for `durationMs`; returns evaluations done and ms taken. */
function runFor(backend: VehOracleBackend, input: Float64Array, count: number, out: Float64Array, clock: () => number, durationMs: number) {
  const start = clock();
  let evaluations = 0;
  let elapsed: number;
  do {
    backend.evaluateBatch(input, count, out);
    evaluations += count;
    elapsed = clock() - start;
  } while (elapsed < durationMs);
  return { evaluations, elapsed };
}

export function measureThroughput(
  backend: VehOracleBackend,
  input: Float64Array,
  count: number,
  clock: () => number,
  options: ThroughputOptions,
): ThroughputResult {
  if (count < 1) throw new RangeError('throughput needs at least one design');
  const out = new Float64Array(count * OUTPUT_STRIDE);
  if (options.warmupMs > 0) runFor(backend, input, count, out, clock, options.warmupMs);
  const rounds: number[] = [];
  for (let r = 0; r < options.rounds; r++) {
    const { evaluations, elapsed } = runFor(backend, input, count, out, clock, options.roundMs);
    rounds.push(evaluations / (elapsed / 1000));
  }
  return { evalsPerSecond: median(rounds), rounds };
}
