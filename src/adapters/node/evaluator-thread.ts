/**
 * An evaluator in its own worker thread: the authority boundary of seeds 002 and 003 as a process
 * boundary — the thread gets the submission (a source text, a package of files) and nothing else,
 * and the caller gets back only a verdict, validated against the suite's schema.
 *
 * The thread is started through tsx's loader, so it runs the TypeScript sources both under tsx and
 * from the bundled CLI (the bundle has no worker entry of its own). A thread that dies (an engine
 * abort, the heap cap) fails the pending evaluations with a clear error and is replaced on the
 * next call; one that runs past `timeoutMs` is terminated (`timeoutMs: null`: no limit, for callers
 * that stop a call themselves, e.g. the photonics solver thread on Ctrl-C).
 */
import { Worker, type MessagePort } from 'node:worker_threads';
import type { ZodType } from 'zod';

export class EvaluatorThreadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EvaluatorThreadError';
  }
}

export interface EvaluatorThread<Request> {
  /** Sends `request` to the thread; `what` names it in a timeout message; the answer must parse as `schema`. */
  call<Verdict>(request: Request, what: string, schema: ZodType<Verdict>): Promise<Verdict>;
  close(): Promise<void>;
}

export interface EvaluatorThreadOptions {
  /** Default 120 s; null: no limit. */
  timeoutMs?: number | null;
  maxHeapMb?: number;
}

interface Pending {
  schema: ZodType<unknown>;
  resolve(v: unknown): void;
  reject(e: Error): void;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** The worker entry's side of the protocol: answer each `{ id, request }` with `{ id, ok, verdict | message }`. */
export type ThreadMessage<Request> = { id: number; request: Request };

export function startEvaluatorThread<Request>(workerUrl: URL, options: EvaluatorThreadOptions = {}): EvaluatorThread<Request> {
  const timeoutMs = options.timeoutMs === undefined ? 120_000 : options.timeoutMs;
  const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((api) => { api.register(); return import(${JSON.stringify(workerUrl.href)}); });`;
  let worker: Worker | null = null;
  let next = 1;
  const pending = new Map<number, Pending>();

  const failAll = (message: string) => {
    for (const [id, p] of pending) {
      clearTimeout(p.timer);
      p.reject(new EvaluatorThreadError(message));
      pending.delete(id);
    }
    worker = null;
  };

  const thread = (): Worker => {
    if (worker) return worker;
    const w = new Worker(boot, { eval: true, resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? 2048 } });
    w.on('message', (msg: { id: number; ok: boolean; verdict?: unknown; message?: string }) => {
      const p = pending.get(msg.id);
      if (!p) return;
      pending.delete(msg.id);
      // An idle thread does not keep the process alive (a CLI exits when its work is done).
      if (pending.size === 0) w.unref();
      clearTimeout(p.timer);
      if (!msg.ok) return p.reject(new EvaluatorThreadError(msg.message ?? 'the evaluator failed'));
      const parsed = p.schema.safeParse(msg.verdict);
      if (parsed.success) p.resolve(parsed.data);
      else p.reject(new EvaluatorThreadError(`the evaluator thread answered a malformed verdict: ${parsed.error.issues[0]?.message ?? ''}`));
    });
    w.on('error', (e) => failAll(`the evaluator thread crashed: ${e.message}`));
    w.on('exit', (code) => {
      if (worker === w) failAll(`the evaluator thread exited (code ${code})`);
    });
    worker = w;
    return w;
  };

  return {
    call<Verdict>(request: Request, what: string, schema: ZodType<Verdict>) {
      const w = thread();
      w.ref();
      const id = next++;
      return new Promise<Verdict>((resolve, reject) => {
        const timer = timeoutMs === null ? undefined : setTimeout(() => {
          pending.delete(id);
          reject(new EvaluatorThreadError(`the evaluator took longer than ${timeoutMs / 1000} s on ${what}; its thread was stopped`));
          if (worker === w) {
            worker = null;
            failAll('the evaluator thread was stopped');
          }
          void w.terminate();
        }, timeoutMs);
        pending.set(id, { schema, resolve: resolve as (v: unknown) => void, reject, timer });
        w.postMessage({ id, request } satisfies ThreadMessage<Request>);
      });
    },
    async close() {
      const w = worker;
      worker = null;
      failAll('the evaluator was closed');
      if (w) await w.terminate();
    },
  };
}

/** The worker side: runs `answer` on each request and posts the verdict or the error's message. */
export function serveEvaluatorThread<Request>(port: MessagePort, answer: (request: Request) => Promise<unknown>): void {
  port.on('message', (msg: ThreadMessage<Request>) => {
    void (async () => {
      try {
        port.postMessage({ id: msg.id, ok: true, verdict: await answer(msg.request) });
      } catch (e) {
        port.postMessage({ id: msg.id, ok: false, message: e instanceof Error ? e.message : String(e) });
      }
    })();
  });
}
