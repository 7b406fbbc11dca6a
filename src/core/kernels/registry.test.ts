import { describe, expect, it } from 'vitest';
import { createBackendRegistry, describeSkipped, NoBackendError } from './registry.ts';

describe('backend registry', () => {
  it('selects the highest-priority backend that builds', async () => {
    const reg = createBackendRegistry<string>();
    reg.register('low', 1, () => 'low-backend');
    reg.register('high', 5, async () => 'high-backend');
    reg.register('mid', 3, () => 'mid-backend');
    expect(reg.ids()).toEqual(['high', 'mid', 'low']);
    const sel = await reg.selectBackend();
    expect(sel).toEqual({ id: 'high', backend: 'high-backend', skipped: [] });
  });

  it('falls back past sync throws and async rejections, recording why', async () => {
    const reg = createBackendRegistry<string>();
    reg.register('reference', 1, () => 'ref');
    reg.register('wasm', 2, async () => {
      throw new Error('ENOENT build/wasm/veh-oracle.wasm');
    });
    reg.register('gpu', 3, () => {
      throw new TypeError('no adapter');
    });
    const sel = await reg.selectBackend();
    expect(sel.id).toBe('reference');
    expect(sel.backend).toBe('ref');
    expect(sel.skipped).toEqual([
      { id: 'gpu', reason: 'no adapter' },
      { id: 'wasm', reason: 'ENOENT build/wasm/veh-oracle.wasm' },
    ]);
    expect(sel.skipped.map(describeSkipped)).toEqual(['gpu unavailable: no adapter', 'wasm unavailable: ENOENT build/wasm/veh-oracle.wasm']);
  });

  it('chooses once: factories run a single time and later calls share the result', async () => {
    const reg = createBackendRegistry<number>();
    let calls = 0;
    reg.register('only', 1, () => ++calls);
    const [a, b] = await Promise.all([reg.selectBackend(), reg.selectBackend()]);
    const c = await reg.selectBackend();
    expect(calls).toBe(1);
    expect(a).toBe(b);
    expect(c).toBe(a);
    expect(() => reg.register('late', 9, () => 0)).toThrow(/after a backend was selected/);
  });

  it('ties keep registration order', async () => {
    const reg = createBackendRegistry<string>();
    reg.register('first', 2, () => 'a');
    reg.register('second', 2, () => 'b');
    expect(reg.ids()).toEqual(['first', 'second']);
    expect((await reg.selectBackend()).id).toBe('first');
  });

  it('fails with every reason when nothing builds', async () => {
    const reg = createBackendRegistry<string>();
    reg.register('a', 2, () => {
      throw new Error('broken a');
    });
    reg.register('b', 1, () => Promise.reject(new Error('broken b')));
    const err = await reg.selectBackend().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(NoBackendError);
    expect((err as NoBackendError).message).toBe('no backend available: a unavailable: broken a; b unavailable: broken b');
    expect((err as NoBackendError).skipped.map((s) => s.id)).toEqual(['a', 'b']);
  });

  it('creates a named backend on request and rejects unknown or duplicate ids', async () => {
    const reg = createBackendRegistry<string>();
    reg.register('x', 1, () => 'x-backend');
    await expect(reg.create('x')).resolves.toBe('x-backend');
    await expect(reg.create('y')).rejects.toThrow('unknown backend "y"; registered: x');
    expect(() => reg.register('x', 4, () => 'again')).toThrow(/already registered/);
  });
});
