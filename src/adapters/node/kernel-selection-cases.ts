/**
 * Test cases every Node kernel loader shares (imported by mie-wasm.test.ts and tmm-wasm.test.ts):
 * WASM is chosen when its file exists, the reference with the reason when it does not, and the
 * registry lists wasm above the reference.
 */
import { expect, it } from 'vitest';

export interface KernelSelectionCase {
  /** build/wasm/<file>. */
  readonly file: string;
  readonly select: (path?: string) => Promise<{ readonly kernel: { readonly id: string }; readonly skipped: readonly string[] }>;
  readonly registryIds: () => string[];
}

export function itSelectsWasmOverReference({ file, select, registryIds }: KernelSelectionCase): void {
  it(`prefers wasm when build/wasm/${file} exists`, async () => {
    const { kernel, skipped } = await select();
    expect(kernel.id).toBe('wasm');
    expect(skipped).toEqual([]);
  });

  it('falls back to the reference, saying why, when the wasm file is missing', async () => {
    const { kernel, skipped } = await select(`/nonexistent/${file}`);
    expect(kernel.id).toBe('reference');
    expect(skipped).toEqual([`wasm unavailable: /nonexistent/${file} not found (run npm run build:wasm)`]);
  });

  it('registers wasm above the reference', () => {
    expect(registryIds()).toEqual(['wasm', 'reference']);
  });
}
