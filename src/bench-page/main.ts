/**
 * bench.html: measures the VEH oracle in a Web Worker exactly as the app runs it (worker + comlink,
 * backend chosen by the registry) and writes {evalsPerSecond, backend} as JSON into #result, where
 * bench/oracle-browser.ts (or a person) reads it. Failures are written there too, so a headless
 * run ends with a message instead of a timeout.
 */
import { createWorkerVehOracle } from '../adapters/browser/worker-veh-oracle.ts';

/** About two seconds of measurement: long enough for a stable median, short enough for CI. */
const BENCH_MS = 2000;

function show(result: object, status: string): void {
  const out = document.getElementById('result');
  const line = document.getElementById('status');
  if (line) line.textContent = status;
  if (out) out.textContent = JSON.stringify(result);
}

async function main(): Promise<void> {
  const oracle = await createWorkerVehOracle();
  try {
    const { evalsPerSecond, backend } = await oracle.bench(BENCH_MS);
    const note = oracle.skipped.length ? ` (${oracle.skipped.join('; ')})` : '';
    show({ evalsPerSecond, backend }, `${Math.round(evalsPerSecond).toLocaleString('en')} evaluations/s on ${backend}${note}`);
  } finally {
    oracle.terminate();
  }
}

main().catch((e: unknown) => show({ error: e instanceof Error ? e.message : String(e) }, 'failed'));
