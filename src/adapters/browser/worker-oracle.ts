/**
 * What the page's oracle workers (VEH, circuit audit) share: a module Web Worker behind comlink,
 * initialised once (the worker picks its backend), whose calls go through guardWorker so a crash
 * rejects them with a clear error; the oracle is then unusable and the caller starts a fresh one.
 */
import type { Remote } from 'comlink';
import { guardWorker } from './guarded-worker.ts';

export class WorkerOracleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkerOracleError';
  }
}

/** The part of a worker API every oracle worker has. */
export interface OracleWorkerApi<Req, Res> {
  init(): Promise<{ backend: string; skipped: string[] }>;
  evaluateMany(requests: readonly Req[]): Promise<Res[]>;
}

export interface StartedWorkerOracle<Api, Req, Res> {
  backendId: string;
  /** "wasm unavailable: …" for each backend the worker passed over. */
  skipped: string[];
  evaluateMany(requests: readonly Req[]): Promise<Res[]>;
  evaluate(request: Req): Promise<Res>;
  terminate(): void;
  /** For calls the suite's oracle adds (batches, benches): guarded like the others. */
  call<T>(fn: () => Promise<T>): Promise<T>;
  remote: Remote<Api>;
}

/** Starts and initialises an oracle worker; `name` goes into every error ("VEH oracle worker crashed: …"). */
export async function startWorkerOracle<Req, Res, Api extends OracleWorkerApi<Req, Res>>(worker: Worker, name: string): Promise<StartedWorkerOracle<Api, Req, Res>> {
  const { remote, call, fail } = guardWorker<Api>(worker, {
    crashed: (detail) => new WorkerOracleError(`${name} worker crashed: ${detail}; create a new oracle`),
    undecodable: () => new WorkerOracleError(`${name} worker sent a message that could not be decoded; create a new oracle`),
  });
  const info = await call(() => remote.init());
  const evaluateMany = (requests: readonly Req[]): Promise<Res[]> => call(() => remote.evaluateMany(requests) as Promise<Res[]>);
  return {
    backendId: info.backend,
    skipped: info.skipped,
    evaluateMany,
    evaluate: async (request) => {
      const [result] = await evaluateMany([request]);
      if (!result) throw new WorkerOracleError(`${name} worker returned no result`);
      return result;
    },
    terminate: () => fail(new WorkerOracleError(`${name} worker was terminated`)),
    call,
    remote,
  };
}
