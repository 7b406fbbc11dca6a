/**
 * The Sandbox (src/core/sandbox/contract.ts) on QuickJS compiled to WebAssembly
 * (quickjs-emscripten, release-sync variant): the untrusted source runs in a JavaScript engine
 * that lives inside a WebAssembly instance, so it can reach nothing of the host — no fetch, no
 * import(), no require, no process, no DOM, no storage — and its heap, stack and running time are
 * the engine's own, capped per run.
 *
 * Each run gets a fresh runtime and context (nothing survives from one source to the next); the
 * compiled WebAssembly module is loaded once and shared. The platform supplies the module (Node
 * reads the .wasm from node_modules, the page lets Vite serve it: quickjs-node.ts and
 * quickjs-browser.ts), so this file has no platform code.
 *
 * A fresh runtime and context per run costs about 2 ms in Node on the 2-core development machine
 * (the first run, which compiles the module, about 100 ms): cheap next to any solve. Why QuickJS rather than a second realm (ShadowRealm, an iframe, a
 * vm context): those share the host's engine, its Math functions and its process, and a hostile
 * loop or allocation stalls or kills the host; a WebAssembly engine is interrupted by our handler
 * and its allocations fail inside its own heap.
 */
import type { QuickJSContext, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule } from 'quickjs-emscripten-core';
import type { Sandbox, SandboxFailure, SandboxOutcome, SandboxRequest } from '../../core/sandbox/contract.ts';

/** Native stack the engine may use; deep recursion fails with "stack overflow" well inside it. */
const STACK_BYTES = 256 * 1024;
/** Longest error message or log line kept (a stack overflow's message can be long). */
const MESSAGE_CHARS = 600;

/**
 * Runs first in every context: removes what would make two runs of one source differ (the random
 * generator, the clock, the host's time zone) and gives `console.log` to the source. Local-time
 * getters answer as UTC because the engine asks the host for its time zone.
 */
const DETERMINISM_PRELUDE = `(() => {
  const NativeDate = Date;
  Math.random = function random() { throw new Error('Math.random is not available in the sandbox: a source must be deterministic (derive variation from its parameters)'); };
  function PinnedDate(...args) {
    if (!new.target) return new NativeDate(0).toISOString();
    return args.length === 0 ? new NativeDate(0) : new NativeDate(...args);
  }
  PinnedDate.prototype = NativeDate.prototype;
  PinnedDate.now = () => 0;
  PinnedDate.UTC = NativeDate.UTC;
  PinnedDate.parse = NativeDate.parse;
  const p = NativeDate.prototype;
  for (const name of ['FullYear', 'Month', 'Date', 'Day', 'Hours', 'Minutes', 'Seconds', 'Milliseconds']) p['get' + name] = p['getUTC' + name];
  p.getTimezoneOffset = () => 0;
  p.toString = p.toISOString;
  globalThis.Date = PinnedDate;
  const log = globalThis.__pgLog;
  delete globalThis.__pgLog;
  const show = (v) => { try { return typeof v === 'string' ? v : JSON.stringify(v) ?? String(v); } catch { return String(v); } };
  globalThis.console = { log: (...a) => log(a.map(show).join(' ')), warn: (...a) => log(a.map(show).join(' ')), error: (...a) => log(a.map(show).join(' ')) };
})();`;

interface ErrorDump {
  name: string;
  message: string;
  stack: string;
}

function dumpError(ctx: QuickJSContext, handle: QuickJSHandle): ErrorDump {
  const raw: unknown = ctx.dump(handle);
  if (raw !== null && typeof raw === 'object') {
    const o = raw as Record<string, unknown>;
    return { name: String(o.name ?? 'Error'), message: String(o.message ?? ''), stack: String(o.stack ?? '') };
  }
  // `throw 1` or an engine-level failure with no Error object ("out of memory" can be a bare string).
  return { name: 'Thrown', message: String(raw), stack: '' };
}

function classify(e: ErrorDump, timedOut: boolean): SandboxFailure {
  if (timedOut || (e.name === 'InternalError' && /interrupted/.test(e.message))) return 'timeout';
  if (/out of memory/i.test(e.message) || /out of memory/i.test(e.name)) return 'memory';
  if (/stack overflow/i.test(e.message)) return 'stack';
  if (e.name === 'SyntaxError') return 'syntax';
  return 'runtime';
}

const clip = (s: string): string => (s.length > MESSAGE_CHARS ? `${s.slice(0, MESSAGE_CHARS)}… (${s.length} characters)` : s);

function lineOf(e: ErrorDump, filename: string): number | null {
  const m = new RegExp(`${filename.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:(\\d+)`).exec(e.stack);
  return m ? Number(m[1]) : null;
}

export interface QuickJsSandboxOptions {
  /** Loads the compiled engine (once; the promise is kept). */
  loadModule(): Promise<QuickJSWASMModule>;
  /** Milliseconds since some origin (performance.now); the deadline is checked against it. */
  now(): number;
}

export function quickJsSandbox(options: QuickJsSandboxOptions): Sandbox {
  let module: Promise<QuickJSWASMModule> | null = null;
  const load = (): Promise<QuickJSWASMModule> => (module ??= options.loadModule());
  return {
    id: 'quickjs-emscripten 0.32.0 (release-sync)',
    async run(request: SandboxRequest): Promise<SandboxOutcome> {
      const started = options.now();
      let engine: QuickJSWASMModule;
      try {
        engine = await load();
      } catch (e) {
        module = null;
        return { ok: false, reason: 'engine', message: `the sandbox engine did not load: ${e instanceof Error ? e.message : String(e)}`, line: null, logs: [], elapsed_ms: options.now() - started };
      }
      const runtime = engine.newRuntime();
      let outcome: SandboxOutcome;
      try {
        outcome = runIn(runtime, request, options.now, started);
      } catch (e) {
        outcome = { ok: false, reason: 'engine', message: clip(`the sandbox engine failed: ${e instanceof Error ? e.message : String(e)}`), line: null, logs: [], elapsed_ms: options.now() - started };
      }
      if (!outcome.ok && (outcome.reason === 'memory' || outcome.reason === 'engine' || outcome.reason === 'timeout')) {
        // An out-of-memory, an abort or a run interrupted with jobs still queued (a microtask loop)
        // leaves objects the engine cannot free, and freeing the runtime then aborts the engine:
        // drop the whole module instead (the garbage collector takes its heap) and load a fresh one
        // for the next run (about 100 ms, only after such a failure).
        module = null;
        return outcome;
      }
      try {
        runtime.dispose();
      } catch {
        module = null;
      }
      return outcome;
    },
  };
}

function runIn(runtime: QuickJSRuntime, request: SandboxRequest, now: () => number, started: number): SandboxOutcome {
  const { limits } = request;
  const deadline = started + limits.time_ms;
  let timedOut = false;
  runtime.setInterruptHandler(() => {
    if (now() > deadline) timedOut = true;
    return timedOut;
  });
  runtime.setMemoryLimit(limits.memory_bytes);
  runtime.setMaxStackSize(STACK_BYTES);
  const ctx = runtime.newContext();
  const logs: string[] = [];
  let logChars = 0;
  const elapsed = (): number => now() - started;
  const fail = (reason: SandboxFailure, message: string, line: number | null = null): SandboxOutcome => ({ ok: false, reason, message: clip(message), line, logs, elapsed_ms: elapsed() });
  try {
    const logFn = ctx.newFunction('__pgLog', (h) => {
      const text = clip(ctx.getString(h));
      if (logChars + text.length <= limits.max_output_bytes) {
        logs.push(text);
        logChars += text.length;
      }
    });
    ctx.setProp(ctx.global, '__pgLog', logFn);
    logFn.dispose();
    if (request.host) {
      const hostObject = ctx.newObject();
      for (const [name, fn] of Object.entries(request.host)) {
        const f = ctx.newFunction(name, (h) => {
          const argument = ctx.typeof(h) === 'string' ? ctx.getString(h) : '';
          // A host error crosses as its message only (name and stack stay on this side).
          return ctx.newString(fn(argument));
        });
        ctx.setProp(hostObject, name, f);
        f.dispose();
      }
      ctx.setProp(ctx.global, '__pgHost', hostObject);
      hostObject.dispose();
    }

    for (const [code, name] of [
      [DETERMINISM_PRELUDE, 'sandbox-prelude.js'],
      [request.prelude, 'api-prelude.js'],
    ] as const) {
      const r = ctx.evalCode(code, name);
      if (r.error) {
        const e = dumpError(ctx, r.error);
        r.error.dispose();
        return fail('engine', `the trusted prelude ${name} failed: ${e.name}: ${e.message}`);
      }
      r.value.dispose();
    }

    // A source with a top-level import is taken as a module, whose imports the engine cannot load (no loader is installed).
    const evaluated = ctx.evalCode(request.source, request.filename);
    if (evaluated.error) {
      const e = dumpError(ctx, evaluated.error);
      evaluated.error.dispose();
      const reason = classify(e, timedOut);
      return fail(reason, reason === 'timeout' ? `${request.filename} ran past its time limit of ${limits.time_ms} ms` : `${e.name}: ${e.message}`, lineOf(e, request.filename));
    }
    evaluated.value.dispose();
    // Settle promises the source started (an import() rejects here; a microtask loop meets the deadline).
    const jobs = runtime.executePendingJobs(-1);
    // An interrupt inside a job only rejects that job's promise, so the deadline is checked here too.
    if (timedOut) {
      if (jobs.error) jobs.error.dispose();
      return fail('timeout', `${request.filename} ran past its time limit of ${limits.time_ms} ms`);
    }
    if (jobs.error) {
      const e = dumpError(ctx, jobs.error);
      jobs.error.dispose();
      const reason = classify(e, timedOut);
      return fail(reason, reason === 'timeout' ? `${request.filename} ran past its time limit of ${limits.time_ms} ms` : `${e.name}: ${e.message}`, lineOf(e, request.filename));
    }

    const collected = ctx.evalCode(request.collect, 'collect.js');
    if (collected.error) {
      const e = dumpError(ctx, collected.error);
      collected.error.dispose();
      const reason = classify(e, timedOut);
      return fail(reason === 'syntax' ? 'runtime' : reason, `collecting the result failed: ${e.name}: ${e.message}`);
    }
    const kind = ctx.typeof(collected.value);
    if (kind !== 'string') {
      collected.value.dispose();
      return fail('not-json', `the result is a ${kind}, not JSON text`);
    }
    const text = ctx.getString(collected.value);
    collected.value.dispose();
    if (text.length > limits.max_output_bytes) return fail('output-too-large', `the result is ${text.length} characters; the limit is ${limits.max_output_bytes}`);
    try {
      return { ok: true, value: JSON.parse(text) as unknown, logs, elapsed_ms: elapsed() };
    } catch (e) {
      return fail('not-json', `the result is not JSON: ${e instanceof Error ? e.message : String(e)}`);
    }
  } finally {
    ctx.dispose();
  }
}
