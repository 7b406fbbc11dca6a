import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { MIE_WASM_PATH } from '../src/adapters/node/mie-wasm.ts';
import { createNodeSolveContext } from '../src/adapters/node/photonics-context.ts';
import { TMM_WASM_PATH } from '../src/adapters/node/tmm-wasm.ts';
import { solvePhotonics } from '../src/core/photonics/solve.ts';
import { createPhotonicsWorkerApi, type PhotonicsWasmLoaders } from './photonics-api.ts';

const diskLoaders = (): PhotonicsWasmLoaders & { loads: () => number } => {
  let loads = 0;
  return {
    mie: () => {
      loads++;
      return readFile(MIE_WASM_PATH);
    },
    tmm: () => {
      loads++;
      return readFile(TMM_WASM_PATH);
    },
    loads: () => loads,
  };
};

// Bohren & Huffman (1983) Appendix A sphere; the exact numbers are checked in cli/commands/solve.test.ts.
const SPHERE = { kind: 'scattering', particle: { shape: 'sphere', radius_nm: 525, material: { n: 1.55, k: 0 } }, wavelength_nm: 632.8 };
const GLASS_YAML = 'REFERENCES: "Test glass"\nDATA:\n  - type: tabulated n\n    data: |\n        0.40 1.60\n        0.80 1.58\n';

describe('photonics worker API', () => {
  it('loads nothing until called, then both kernels once; results equal the Node context’s', async () => {
    const loaders = diskLoaders();
    const api = createPhotonicsWorkerApi(loaders);
    expect(loaders.loads()).toBe(0);
    expect(await api.backends()).toEqual({ mie: 'wasm', tmm: 'wasm', skipped: [] });
    const { result, ms } = await api.solve(SPHERE);
    await api.solve(SPHERE);
    await api.materials();
    expect(loaders.loads()).toBe(2);
    expect(ms).toBeGreaterThanOrEqual(0);
    expect(result).toEqual(solvePhotonics(SPHERE, await createNodeSolveContext()));
  });

  it('falls back per kernel, keeping the reason, and still solves', async () => {
    const api = createPhotonicsWorkerApi({ mie: () => Promise.reject(new Error('fetching photonics-mie.wasm failed: HTTP 404')), tmm: () => readFile(TMM_WASM_PATH) });
    expect(await api.backends()).toEqual({ mie: 'reference', tmm: 'wasm', skipped: ['mie: wasm unavailable: fetching photonics-mie.wasm failed: HTTP 404'] });
    const { result } = await api.solve(SPHERE);
    expect((result as { backend: string }).backend).toBe('reference');
  });

  it('rejects an invalid problem with every issue and its path', async () => {
    const api = createPhotonicsWorkerApi(diskLoaders());
    await expect(api.solve({ ...SPHERE, particle: { shape: 'sphere', diameter_nm: 1050, material: { n: 1.55, k: 0 } } })).rejects.toThrow(/diameter_nm/);
  });

  it('lists the built-in library and adds an imported file that problems can then name', async () => {
    const api = createPhotonicsWorkerApi(diskLoaders());
    const before = await api.materials();
    expect(before.map((m) => m.name)).toContain('Au (Johnson and Christy 1972)');
    const entry = await api.importMaterial(GLASS_YAML, 'Test glass (Unit 2026)');
    expect(entry).toMatchObject({ name: 'Test glass (Unit 2026)', origin: 'imported' });
    expect((await api.materials()).length).toBe(before.length + 1);
    const { result } = await api.solve({ ...SPHERE, particle: { ...SPHERE.particle, material: 'Test glass (Unit 2026)' }, wavelength_nm: 600 });
    expect((result as { relative_index: unknown }).relative_index).toBeDefined();
  });

  it('refuses a malformed file with the parser’s message and leaves the library as it was', async () => {
    const api = createPhotonicsWorkerApi(diskLoaders());
    const count = (await api.materials()).length;
    await expect(api.importMaterial('REFERENCES: "x"\nDATA:\n  - type: tabulated nk\n    data: |\n        0.5 1.5\n', 'Broken')).rejects.toThrow(/line \d+/);
    expect((await api.materials()).length).toBe(count);
  });
});
