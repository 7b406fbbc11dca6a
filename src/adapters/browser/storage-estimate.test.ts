import { describe, expect, it } from 'vitest';
import { describeStorage, formatBytes, readStorageEstimate, requestPersistentStorage } from './storage-estimate.ts';

describe('storage estimate', () => {
  it('reads usage, quota and persistence from the StorageManager', async () => {
    const manager = { estimate: () => Promise.resolve({ usage: 12_345_678, quota: 2_000_000_000 }), persisted: () => Promise.resolve(false), persist: () => Promise.resolve(true) };
    expect(await readStorageEstimate(manager)).toEqual({ usage_bytes: 12_345_678, quota_bytes: 2_000_000_000, persisted: false });
    expect(await requestPersistentStorage(manager)).toBe(true);
  });

  it('answers unknown (null) where the API is missing or throws, instead of failing', async () => {
    expect(await readStorageEstimate(null)).toEqual({ usage_bytes: null, quota_bytes: null, persisted: null });
    expect(await readStorageEstimate({})).toEqual({ usage_bytes: null, quota_bytes: null, persisted: null });
    const broken = { estimate: () => Promise.reject(new Error('blocked')), persisted: () => Promise.reject(new Error('blocked')), persist: () => Promise.reject(new Error('blocked')) };
    expect(await readStorageEstimate(broken)).toEqual({ usage_bytes: null, quota_bytes: null, persisted: null });
    expect(await requestPersistentStorage(broken)).toBeNull();
    expect(await requestPersistentStorage(null)).toBeNull();
  });

  it('formats sizes in SI units and says what the numbers mean', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(12_345_678)).toBe('12 MB');
    expect(formatBytes(2_100_000_000)).toBe('2.1 GB');
    expect(describeStorage({ usage_bytes: 12_345_678, quota_bytes: 2_100_000_000, persisted: true })).toBe('Storage used: 12 MB of 2.1 GB available (persistent)');
    expect(describeStorage({ usage_bytes: 1500, quota_bytes: null, persisted: false })).toMatch(/^Storage used: 1\.5 kB \(may be cleared/);
    expect(describeStorage({ usage_bytes: null, quota_bytes: null, persisted: null })).toMatch(/unknown/);
  });
});
