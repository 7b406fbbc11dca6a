/**
 * Clean replay of a submitted reproduction workflow (seed 003; issue 19): only the package's
 * JavaScript sources are restored — every other file it carries (cached results, outputs, figures)
 * is dropped, since shipped outputs are not evidence — and its entry point is run in a fresh
 * sandbox whose only capabilities are the oracle API, a write-only artifact sink and a log. Every
 * oracle call is recorded with its arguments and the SHA-256 of its result, so a grader can trace
 * each artifact's numbers to calls of this replay. A failure of the workflow is invalid evidence; a
 * failure of the engine or the oracle host is "requires rerun", never a silent zero.
 *
 * Modules: the package's files load through a small CommonJS `require` defined by the prelude
 * (relative paths within the package only); nothing outside the package can be required.
 */
import { sha256Hex } from '../hash/sha256.ts';
import type { Sandbox, SandboxLimits } from '../sandbox/contract.ts';

/** What the workflow may call, synchronously, with JSON values (the platform binds it to its engine). */
export interface ReproductionOracle {
  solve(problem: unknown): unknown;
  estimate(problem: unknown): unknown;
  materials(): unknown;
  /** The cantilever harvester oracle (VEHBench's analytical model): one request → one result. */
  veh(request: unknown): unknown;
}

export interface PackageFile {
  path: string;
  text: string;
}

export const ORACLE_TOOLS = ['solve', 'estimate', 'materials', 'veh'] as const;
export type OracleTool = (typeof ORACLE_TOOLS)[number];

export interface OracleCallRecord {
  index: number;
  tool: OracleTool;
  arguments: unknown;
  /** SHA-256 of the canonical text of the result the workflow received (or of the error). */
  result_sha256: string;
  ok: boolean;
  error: string | null;
}

export interface Artifact {
  name: string;
  kind: 'json' | 'table' | 'svg';
  data: unknown;
}

export type ReplayStatus = 'completed' | 'invalid' | 'requires-rerun';

export interface ReplayRecord {
  status: ReplayStatus;
  /** Why the replay is invalid or needs a rerun; null when it completed. */
  reason: string | null;
  entry: string;
  /** SHA-256 of every source file restored, by path (sorted). */
  source_sha256: Record<string, string>;
  /** Files in the package that were not restored (not JavaScript): they are never evidence. */
  dropped: string[];
  calls: OracleCallRecord[];
  artifacts: Artifact[];
  logs: string[];
  elapsed_ms: number;
}

/** The replay record plus the oracle results themselves (for the grader's traceability checks; only their hashes are kept). */
export interface ReplayOutcome extends ReplayRecord {
  results: unknown[];
}

export const REPLAY_LIMITS: SandboxLimits = { time_ms: 30_000, memory_bytes: 256 << 20, max_output_bytes: 16 << 20 };
export const MAX_ARTIFACTS = 200;
export const MAX_CALLS = 5000;

const PATH = /^[A-Za-z0-9_][A-Za-z0-9_./-]{0,127}\.js$/;

/** The trusted prelude: the oracle API over the host functions, the artifact sink, `require`. */
function prelude(files: Readonly<Record<string, string>>): string {
  return `(() => {
  'use strict';
  const host = globalThis.__pgHost;
  delete globalThis.__pgHost;
  const stringify = JSON.stringify, parse = JSON.parse;
  const files = ${JSON.stringify(files)};
  const artifacts = [];
  const MAX_ARTIFACTS = ${MAX_ARTIFACTS};
  const call = (name, value) => {
    const reply = parse(host[name](stringify(value === undefined ? null : value)));
    if (reply.error !== undefined) throw new Error(reply.error);
    return reply.result;
  };
  const oracle = Object.freeze({
    solve: (problem) => call('solve', problem),
    estimate: (problem) => call('estimate', problem),
    materials: () => call('materials', null),
    veh: (request) => call('veh', request),
  });
  const name = (fn, n) => { if (typeof n !== 'string' || !/^[A-Za-z0-9_.-]{1,64}$/.test(n)) throw new TypeError(fn + ': an artifact name is 1–64 letters, digits, _ . -'); return n; };
  const put = (a) => { if (artifacts.length >= MAX_ARTIFACTS) throw new RangeError('more than ' + MAX_ARTIFACTS + ' artifacts'); if (artifacts.some((x) => x.name === a.name)) throw new Error('artifact ' + a.name + ' written twice'); artifacts.push(parse(stringify(a))); };
  const artifact = Object.freeze({
    json: (n, value) => put({ name: name('artifact.json', n), kind: 'json', data: value }),
    table: (n, columns, rows) => {
      if (!Array.isArray(columns) || !Array.isArray(rows)) throw new TypeError('artifact.table(name, columns, rows): columns and rows are arrays');
      put({ name: name('artifact.table', n), kind: 'table', data: { columns, rows } });
    },
    svg: (n, text) => { if (typeof text !== 'string') throw new TypeError('artifact.svg(name, text): text is a string'); put({ name: name('artifact.svg', n), kind: 'svg', data: text }); },
  });
  const cache = {};
  const resolve = (from, spec) => {
    if (typeof spec !== 'string' || !(spec.startsWith('./') || spec.startsWith('../'))) throw new Error('require(' + stringify(spec) + '): only relative paths inside the package can be required');
    const parts = from.split('/').slice(0, -1);
    for (const p of spec.split('/')) { if (p === '..') { if (parts.length === 0) throw new Error('require(' + stringify(spec) + ') leaves the package'); parts.pop(); } else if (p !== '.') parts.push(p); }
    let path = parts.join('/');
    if (!path.endsWith('.js')) path += '.js';
    if (!Object.prototype.hasOwnProperty.call(files, path)) throw new Error('require(' + stringify(spec) + '): no file ' + path + ' in the package');
    return path;
  };
  const load = (path) => {
    if (cache[path]) return cache[path].exports;
    const module = { exports: {} };
    cache[path] = module;
    const fn = new Function('require', 'module', 'exports', 'oracle', 'artifact', files[path] + '\\n//# sourceURL=' + path);
    fn((spec) => load(resolve(path, spec)), module, module.exports, oracle, artifact);
    return module.exports;
  };
  Object.defineProperty(globalThis, '__pgRun', { value: (entry) => { load(entry); return true; }, configurable: false, writable: false });
  Object.defineProperty(globalThis, '__pgArtifacts', { value: () => stringify(artifacts), configurable: false, writable: false });
})();`;
}

function canonicalText(value: unknown): string {
  return JSON.stringify(value) ?? 'null';
}

export async function cleanReplay(input: { files: readonly PackageFile[]; entry: string; sandbox: Sandbox; oracle: ReproductionOracle; limits?: SandboxLimits; now: () => number }): Promise<ReplayOutcome> {
  const started = input.now();
  const sources: Record<string, string> = {};
  const dropped: string[] = [];
  for (const f of input.files) {
    if (PATH.test(f.path) && !f.path.split('/').includes('..')) sources[f.path] = f.text;
    else dropped.push(f.path);
  }
  const source_sha256 = Object.fromEntries(Object.keys(sources).sort().map((p) => [p, sha256Hex(sources[p] as string)]));
  const calls: OracleCallRecord[] = [];
  const results: unknown[] = [];
  const base = { entry: input.entry, source_sha256, dropped: dropped.sort(), calls, results };
  if (!Object.hasOwn(sources, input.entry)) {
    return { ...base, status: 'invalid', reason: `the package has no entry point ${input.entry}`, artifacts: [], logs: [], elapsed_ms: input.now() - started };
  }
  let hostFailure: string | null = null;
  const hostCall = (tool: OracleCallRecord['tool']) => (argument: string): string => {
    if (calls.length >= MAX_CALLS) return canonicalText({ error: `more than ${MAX_CALLS} oracle calls` });
    const args = JSON.parse(argument) as unknown;
    let reply: { result?: unknown; error?: string };
    try {
      reply = { result: tool === 'solve' ? input.oracle.solve(args) : tool === 'estimate' ? input.oracle.estimate(args) : tool === 'veh' ? input.oracle.veh(args) : input.oracle.materials() };
    } catch (e) {
      // The oracle's own refusal (a problem that fails validation) goes back to the workflow as an error.
      reply = { error: e instanceof Error ? e.message : String(e) };
      if (!(e instanceof Error)) hostFailure = `the oracle host failed: ${String(e)}`;
    }
    const text = canonicalText(reply);
    results.push(reply.error !== undefined ? null : reply.result);
    calls.push({ index: calls.length, tool, arguments: args, result_sha256: sha256Hex(canonicalText(reply.error !== undefined ? { error: reply.error } : reply.result)), ok: reply.error === undefined, error: reply.error ?? null });
    return text;
  };
  const run = await input.sandbox.run({
    source: `__pgRun(${JSON.stringify(input.entry)});`,
    filename: 'replay.js',
    prelude: prelude(sources),
    collect: '__pgArtifacts()',
    limits: input.limits ?? REPLAY_LIMITS,
    host: { solve: hostCall('solve'), estimate: hostCall('estimate'), materials: hostCall('materials'), veh: hostCall('veh') },
  });
  const elapsed_ms = input.now() - started;
  if (hostFailure !== null) return { ...base, status: 'requires-rerun', reason: hostFailure, artifacts: [], logs: run.logs, elapsed_ms };
  if (!run.ok) {
    const status: ReplayStatus = run.reason === 'engine' ? 'requires-rerun' : 'invalid';
    return { ...base, status, reason: `${run.reason}${run.line !== null ? ` (line ${run.line})` : ''}: ${run.message}`, artifacts: [], logs: run.logs, elapsed_ms };
  }
  return { ...base, status: 'completed', reason: null, artifacts: run.value as Artifact[], logs: run.logs, elapsed_ms };
}
