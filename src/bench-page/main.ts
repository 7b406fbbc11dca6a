/**
 * bench.html: measures, in the browser, (1) the VEH oracle in a Web Worker exactly as the app runs
 * it (worker + comlink, backend chosen by the registry), (2) a full reference-agent run over every
 * task of the bank through that worker, as the Run page does it, and (3) 1,000-point Mie and TMM
 * spectra in the photonics worker, as the playground solves them. Writes JSON into #result, where
 * bench/oracle-browser.ts (or a person) reads it. Failures are written there too, so a headless
 * run ends with a message instead of a timeout.
 */
import { createWorkerVehOracle } from '../adapters/browser/worker-veh-oracle.ts';
import { createWorkerPhotonics } from '../adapters/browser/worker-photonics.ts';
import { benchPhotonics } from './photonics-bench.ts';
import { loadVehBank } from '../core/veh/bank/load.ts';
import { getBuiltinAgent } from '../core/veh/agents/index.ts';
import { runVehSuite } from '../core/veh/run/run-veh.ts';

/** About two seconds of measurement: long enough for a stable median, short enough for CI. */
const BENCH_MS = 2000;

function show(result: object, status: string): void {
  const out = document.getElementById('result');
  const line = document.getElementById('status');
  if (line) line.textContent = status;
  if (out) out.textContent = JSON.stringify(result);
}

async function readBankFile(file: string): Promise<string> {
  const res = await fetch(new URL(`banks/veh/${file}`, document.baseURI));
  if (!res.ok) throw new Error(`banks/veh/${file}: HTTP ${res.status}`);
  return res.text();
}

async function main(): Promise<void> {
  const oracle = await createWorkerVehOracle();
  try {
    const { evalsPerSecond, backend } = await oracle.bench(BENCH_MS);
    const { tasks } = await loadVehBank(readBankFile);
    const start = performance.now();
    const run = await runVehSuite({ tasks, agent: getBuiltinAgent('reference'), oracle, clock: () => Date.now(), seed: 42 });
    const referenceRunMs = performance.now() - start;
    const headline = {
      p1_composite: run.metrics.P1?.p1_composite?.value ?? null,
      p2b: run.metrics.P2?.p2b?.value ?? null,
      p3_success: run.metrics.P3?.p3_success?.value ?? null,
      kendall_tau: run.metrics.P4?.kendall_tau?.value ?? null,
    };
    const photonicsWorker = await createWorkerPhotonics();
    const photonics = await benchPhotonics(photonicsWorker).finally(() => photonicsWorker.terminate());
    const note = oracle.skipped.length ? ` (${oracle.skipped.join('; ')})` : '';
    show(
      { evalsPerSecond, backend, referenceRun: { tasks: tasks.length, ms: referenceRunMs, status: run.status, ...headline }, photonics },
      `${Math.round(evalsPerSecond).toLocaleString('en')} evaluations/s on ${backend}${note}; reference run over ${tasks.length} tasks in ${(referenceRunMs / 1000).toFixed(2)} s; ` +
        `1,000-point Mie spectrum ${photonics.mie1000.roundTripMs.toFixed(1)} ms, TMM ${photonics.tmm1000.roundTripMs.toFixed(1)} ms (round trip)`,
    );
  } finally {
    oracle.terminate();
  }
}

main().catch((e: unknown) => show({ error: e instanceof Error ? e.message : String(e) }, 'failed'));
