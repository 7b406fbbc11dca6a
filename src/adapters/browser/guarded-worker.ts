/**
 * A comlink remote that cannot hang. Comlink has no notion of a dead worker — a call to a crashed one
 * would wait forever — so every call is tracked and rejected with a clear error when the worker
 * fails (an uncaught error, a message that cannot be decoded, or terminate()). After a failure the
 * handle is unusable and the caller starts a fresh worker. Used by every page worker client.
 */
import { wrap, type Remote } from 'comlink';

export interface GuardedWorker<Api> {
  readonly remote: Remote<Api>;
  /** Runs one remote call; rejects at once if the worker has failed or fails while the call is pending. */
  call<R>(invoke: () => Promise<R>): Promise<R>;
  /** Marks the worker failed with this error (rejecting pending calls) and terminates it. */
  fail(error: Error): void;
}

export interface WorkerFailureMessages {
  /** Error for an uncaught error or a worker that did not load; `detail` says what the browser reported. */
  crashed(detail: string): Error;
  undecodable(): Error;
}

function describeWorkerError(ev: Event): string {
  const message = (ev as Partial<ErrorEvent>).message;
  // A module worker that fails to load reports an error event with no message.
  return typeof message === 'string' && message !== '' ? message : 'the worker failed to load or threw an uncaught error';
}

export function guardWorker<Api>(worker: Worker, messages: WorkerFailureMessages): GuardedWorker<Api> {
  const remote = wrap<Api>(worker);
  const pending = new Set<(e: Error) => void>();
  let failure: Error | undefined;

  const fail = (error: Error): void => {
    if (failure) return;
    failure = error;
    for (const reject of pending) reject(error);
    pending.clear();
    // terminate() alone: a release message to a dead worker would never be answered.
    worker.terminate();
  };
  worker.addEventListener('error', (ev) => {
    ev.preventDefault(); // handled here; keep it off the page's console as an uncaught error
    fail(messages.crashed(describeWorkerError(ev)));
  });
  worker.addEventListener('messageerror', () => fail(messages.undecodable()));

  const call = <R>(invoke: () => Promise<R>): Promise<R> => {
    if (failure) return Promise.reject(failure);
    return new Promise<R>((resolve, reject) => {
      pending.add(reject);
      invoke().then(
        (value) => {
          pending.delete(reject);
          resolve(value);
        },
        (error: unknown) => {
          pending.delete(reject);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  };
  return { remote, call, fail };
}
