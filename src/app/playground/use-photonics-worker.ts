/**
 * The photonics worker as page state. The worker is a live resource, not data: starting it again
 * (Retry, or after a crash) terminates the old one. Materials the user imported live in the worker,
 * so their YAML is remembered here and imported again into a restarted worker.
 */
import { useCallback, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createWorkerPhotonics, type WorkerPhotonics } from '../../adapters/browser/worker-photonics.ts';
import type { ProgressSink, SolveProgress } from '../../core/photonics/progress.ts';

export const PHOTONICS_WORKER_KEY = ['photonics', 'worker'] as const;
const MATERIALS_KEY = ['photonics', 'materials'] as const;

let currentWorker: WorkerPhotonics | null = null;
const importedFiles: { text: string; name?: string }[] = [];
/** Bumped by every start: a start that a later one overtook terminates its own worker instead of leaking it. */
let generation = 0;

async function startWorker(): Promise<WorkerPhotonics> {
  const mine = ++generation;
  currentWorker?.terminate();
  currentWorker = null;
  const worker = await createWorkerPhotonics();
  // A file that imported once imports again; if the library changed under it, the error is not fatal.
  for (const file of importedFiles) await worker.importMaterial(file.text, file.name).catch(() => undefined);
  if (mine !== generation) {
    worker.terminate();
    throw new Error('the photonics worker was restarted again before it was ready');
  }
  currentWorker = worker;
  return worker;
}

/** The worker, started when the playground first opens. */
export function usePhotonicsWorker() {
  return useQuery({
    queryKey: PHOTONICS_WORKER_KEY,
    queryFn: startWorker,
    staleTime: Infinity,
    gcTime: Infinity,
    // A worker that failed to start fails the same way again; the user retries explicitly.
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** The library's entries (built-in and imported), from the current worker. */
export function useMaterialList(worker: WorkerPhotonics | undefined) {
  return useQuery({
    queryKey: [...MATERIALS_KEY, worker ?? null],
    queryFn: () => (worker as WorkerPhotonics).materials(),
    enabled: worker !== undefined,
    staleTime: Infinity,
    retry: false,
  });
}

/** Imports a refractiveindex.info YAML file into the worker's library; on success the picker lists it. */
export function useImportMaterial(worker: WorkerPhotonics | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ text, name }: { text: string; name?: string }) => {
      if (!worker) throw new Error('the photonics worker is not running');
      const entry = await worker.importMaterial(text, name);
      importedFiles.push(name === undefined ? { text } : { text, name });
      return entry;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: MATERIALS_KEY }),
  });
}

/**
 * The latest progress event of the running solve and the sink that records it (the worker calls it
 * through a comlink proxy; the core reporter already limits events to about one per percent).
 */
export function useSolveProgress(): { progress: SolveProgress | null; onProgress: ProgressSink; clear: () => void } {
  const [progress, setProgress] = useState<SolveProgress | null>(null);
  const onProgress = useCallback<ProgressSink>((p) => setProgress({ stage: p.stage, done: p.done, total: p.total }), []);
  const clear = useCallback(() => setProgress(null), []);
  return { progress, onProgress, clear };
}

/** Solves one problem in the worker; `onProgress` hears the steps of a long solve. */
export function useSolve(worker: WorkerPhotonics | undefined, onProgress?: ProgressSink) {
  return useMutation({
    mutationFn: (problem: unknown) => {
      if (!worker) throw new Error('the photonics worker is not running');
      return onProgress ? worker.solve(problem, onProgress) : worker.solve(problem);
    },
  });
}

/** Estimates one problem's cost in the worker (a tiny timed probe there). */
export function useEstimate(worker: WorkerPhotonics | undefined) {
  return useMutation({
    mutationFn: (problem: unknown) => {
      if (!worker) throw new Error('the photonics worker is not running');
      return worker.estimate(problem);
    },
  });
}
