/**
 * The evaluator in its own worker thread, for the CLI and the run engine in Node: the authority
 * boundary of seed 002 as a process boundary — the thread gets the source text and nothing else,
 * and the caller gets back only a verdict, validated against VerdictSchema.
 *
 * The thread is started through tsx's loader, so it runs the TypeScript sources both under tsx and
 * from the bundled CLI (the bundle has no worker entry of its own). A thread that dies (an engine
 * abort, the heap cap) fails the pending evaluations with a clear error and is replaced on the
 * next call; one that runs past `timeoutMs` is terminated.
 */
import { Worker } from 'node:worker_threads';
import { VerdictSchema, type Verdict } from '../../core/design/evaluator.ts';

export interface DesignEvaluator {
  evaluate(taskId: string, source: string): Promise<Verdict>;
  close(): Promise<void>;
}

export class EvaluatorThreadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EvaluatorThreadError';
  }
}

const WORKER_URL = new URL('./design-evaluator.worker.ts', import.meta.url).href;
const BOOT = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((api) => { api.register(); return import(${JSON.stringify(WORKER_URL)}); });`;

interface Pending {
  resolve(v: Verdict): void;
  reject(e: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

export function startDesignEvaluator(options: { timeoutMs?: number; maxHeapMb?: number } = {}): DesignEvaluator {
  const timeoutMs = options.timeoutMs ?? 120_000;
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
    const w = new Worker(BOOT, { eval: true, resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? 2048 } });
    w.on('message', (msg: { id: number; ok: boolean; verdict?: unknown; message?: string }) => {
      const p = pending.get(msg.id);
      if (!p) return;
      pending.delete(msg.id);
      // An idle thread does not keep the process alive (a CLI exits when its work is done).
      if (pending.size === 0) w.unref();
      clearTimeout(p.timer);
      if (!msg.ok) return p.reject(new EvaluatorThreadError(msg.message ?? 'the evaluator failed'));
      const parsed = VerdictSchema.safeParse(msg.verdict);
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
    evaluate(taskId, source) {
      const w = thread();
      w.ref();
      const id = next++;
      return new Promise<Verdict>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new EvaluatorThreadError(`the evaluator took longer than ${timeoutMs / 1000} s on ${taskId}; its thread was stopped`));
          if (worker === w) {
            worker = null;
            failAll('the evaluator thread was stopped');
          }
          void w.terminate();
        }, timeoutMs);
        pending.set(id, { resolve, reject, timer });
        w.postMessage({ id, task_id: taskId, source });
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
