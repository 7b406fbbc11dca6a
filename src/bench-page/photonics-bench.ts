/**
 * Photonics spectra in the page's worker, as the playground runs them: a 1,000-wavelength Mie
 * spectrum (gold sphere in water, library materials resolved at every wavelength) and a
 * 1,000-wavelength TMM spectrum (16-layer quarter-wave Bragg mirror). Each is solved ROUNDS times
 * after a warm-up; the medians of the time inside the worker and of the full round trip (post,
 * solve, structured-clone the result back) are reported.
 */
import type { WorkerPhotonics } from '../adapters/browser/worker-photonics.ts';
import { PRESETS } from '../app/playground/presets.ts';

const ROUNDS = 7;

export interface SpectrumTiming {
  points: number;
  backend: string;
  /** Median solve time inside the worker, ms. */
  workerMs: number;
  /** Median time from postMessage to the result in the page, ms. */
  roundTripMs: number;
}

export interface PhotonicsBench {
  mie1000: SpectrumTiming;
  tmm1000: SpectrumTiming;
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};

function problem(kind: 'scattering' | 'layer_stack', id: string): unknown {
  const p = PRESETS[kind].find((x) => x.id === id);
  if (!p) throw new Error(`bench problem ${kind}/${id} is not a playground preset`);
  return p.problem;
}

async function time(worker: WorkerPhotonics, input: unknown, points: number): Promise<SpectrumTiming> {
  const first = await worker.solve(input); // warm-up: JIT, lazy imports, material tables
  const inWorker: number[] = [];
  const roundTrip: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    const { ms } = await worker.solve(input);
    roundTrip.push(performance.now() - start);
    inWorker.push(ms);
  }
  return { points, backend: String((first.result as { backend?: unknown }).backend), workerMs: median(inWorker), roundTripMs: median(roundTrip) };
}

export async function benchPhotonics(worker: WorkerPhotonics): Promise<PhotonicsBench> {
  return {
    mie1000: await time(worker, problem('scattering', 'gold-water'), 1000),
    tmm1000: await time(worker, problem('layer_stack', 'bragg'), 1000),
  };
}
