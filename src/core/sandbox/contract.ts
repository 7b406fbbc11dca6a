/**
 * The sandbox contract: how agent-written code (design sources, reproduction workflows) is run.
 * Such code is never handed to `eval`, `Function` or a plain worker: an adapter runs it inside a
 * WebAssembly JavaScript engine (src/adapters/sandbox/quickjs-sandbox.ts) that has no network, no
 * storage, no DOM and no host objects beyond what the suite's prelude defines, under a time, a
 * memory and an output limit. Core code takes a Sandbox as an argument and never learns which
 * engine runs it.
 *
 * The protocol is text in, JSON out: the suite's prelude (trusted, written by us) runs first and
 * defines the API the source calls; the source runs next; then the prelude's `collect` expression
 * is evaluated and must yield a string, which the host parses with its own JSON.parse. Nothing
 * else crosses the boundary, so whatever the source does to its own globals (prototype tampering,
 * replacing JSON) can at worst spoil its own result, which the host then validates.
 */
import { z } from 'zod';

export const SandboxLimitsSchema = z.strictObject({
  /** Wall-clock budget of the whole run (prelude, source, collect), in milliseconds. The engine is single-threaded and runs nothing else, so this is its CPU time too. */
  time_ms: z.number().int().min(1).max(600_000),
  /** Heap the engine may allocate, in bytes. */
  memory_bytes: z.number().int().min(1 << 20).max(1 << 30),
  /** Largest result string (and log text) that crosses back, in bytes of UTF-16 code units. */
  max_output_bytes: z.number().int().min(1).max(64 << 20),
});
export type SandboxLimits = z.infer<typeof SandboxLimitsSchema>;

export interface SandboxRequest {
  /** The untrusted program. */
  source: string;
  /** The name errors carry (design.js, workflow.js). */
  filename: string;
  /** Trusted code run before the source: the API. */
  prelude: string;
  /** A trusted expression evaluated after the source; it must evaluate to a string (JSON text). */
  collect: string;
  limits: SandboxLimits;
  /**
   * Trusted host functions the prelude may call as `__pgHost.<name>(text)`: text in, text out (the
   * prelude does the JSON). A throw becomes an Error inside the engine with the same message. The
   * prelude should capture `__pgHost` and delete it, so the untrusted source reaches the host only
   * through the API the prelude defines (a reproduction workflow's oracle calls).
   */
  host?: Readonly<Record<string, (argument: string) => string>>;
}

/** Why a run produced no result, each a distinct, stable word a verdict can carry. */
export const SANDBOX_FAILURES = ['timeout', 'memory', 'stack', 'output-too-large', 'syntax', 'runtime', 'not-json', 'engine'] as const;
export type SandboxFailure = (typeof SANDBOX_FAILURES)[number];

export type SandboxOutcome =
  | { ok: true; value: unknown; logs: string[]; elapsed_ms: number }
  | { ok: false; reason: SandboxFailure; message: string; line: number | null; logs: string[]; elapsed_ms: number };

export interface Sandbox {
  /** Names the engine and its version (a verdict records it). */
  readonly id: string;
  run(request: SandboxRequest): Promise<SandboxOutcome>;
}

/**
 * What the engine's globals look like to the untrusted source besides the prelude's API: only the
 * ECMAScript built-ins. The adapter removes the sources of non-determinism (Math.random throws,
 * Date is pinned to the epoch) so the same source gives the same bytes on every machine.
 */
export const SANDBOX_DETERMINISM_NOTE = 'Math.random throws and Date is pinned to 1970-01-01T00:00:00Z, so the same source always gives the same result.';
