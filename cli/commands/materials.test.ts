import { describe, expect, it } from 'vitest';
import { materialsCommand, parseMaterialsArgs } from './materials.ts';
import { capture } from '../test-capture.ts';

describe('parseMaterialsArgs', () => {
  it('reads --json and --at WAVELENGTH_NM NAME (the name may span several arguments)', () => {
    expect(parseMaterialsArgs([])).toEqual({ json: false, at: null });
    expect(parseMaterialsArgs(['--json'])).toEqual({ json: true, at: null });
    expect(parseMaterialsArgs(['--at', '633', 'Au', '(Johnson', 'and', 'Christy', '1972)'])).toEqual({
      json: false,
      at: { wavelength_nm: 633, name: 'Au (Johnson and Christy 1972)' },
    });
    expect(parseMaterialsArgs(['--at=1.55e3', '--json', 'SiO2'])).toEqual({ json: true, at: { wavelength_nm: 1550, name: 'SiO2' } });
  });

  it('names what is wrong', () => {
    expect(parseMaterialsArgs(['--at', 'red', 'Au'])).toBe('--at needs a positive vacuum wavelength in nm, got "red"');
    expect(parseMaterialsArgs(['--at', '-5', 'Au'])).toBe('--at needs a positive vacuum wavelength in nm, got "-5"');
    expect(parseMaterialsArgs(['--at', '633'])).toMatch(/^--at needs a material name/);
    expect(parseMaterialsArgs(['Au'])).toMatch(/^unexpected argument "Au"/);
    expect(parseMaterialsArgs(['--bogus'])).toBe('unknown argument "--bogus"');
  });
});

describe('materialsCommand', () => {
  it('prints the library as a table: name, range in nm, k, file, source', async () => {
    const c = capture();
    expect(await materialsCommand([], c.io)).toBe(0);
    const text = c.out.join('');
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^name\s+range \(nm\)\s+k\s+file\s+source$/);
    expect(lines.find((l) => l.startsWith('Au (Johnson and Christy 1972)'))).toMatch(
      /^Au \(Johnson and Christy 1972\)\s+187\.9–1937\s+yes\s+Au__Johnson\.yml\s+https:\/\/doi\.org\/10\.1103\/PhysRevB\.6\.4370$/,
    );
    expect(lines.find((l) => l.startsWith('SiO2 (Malitson 1965)'))).toMatch(/210–6700\s+no \(k = 0\)\s+SiO2__Malitson\.yml/);
    expect(text).toContain('  Au, gold → Au (Johnson and Christy 1972)');
  });

  it('--json lists every entry with its ranges and source', async () => {
    const c = capture();
    expect(await materialsCommand(['--json'], c.io)).toBe(0);
    const infos = JSON.parse(c.out.join('')) as { name: string; range_nm: { min_nm: number; max_nm: number }; reference: string; file: string }[];
    expect(infos).toHaveLength(36);
    expect(infos.find((m) => m.file === 'Au__Johnson.yml')).toMatchObject({ name: 'Au (Johnson and Christy 1972)', range_nm: { min_nm: 187.9, max_nm: 1937 } });
  });

  it('--at prints n, k and the warnings', async () => {
    const c = capture();
    expect(await materialsCommand(['--at', '2000', 'Au (Johnson and Christy 1972)'], c.io)).toBe(0);
    expect(c.out.join('')).toBe(
      'Au (Johnson and Christy 1972) at 2000 nm: n = 0.92, k = 13.78\n' +
        'warning: Au (Johnson and Christy 1972) covers 187.9–1937 nm; 2000 nm is outside, the value at 1937 nm was used — results may be wrong.\n',
    );
  });

  it('--at --json prints full precision', async () => {
    const c = capture();
    expect(await materialsCommand(['--json', '--at', '587.6', 'SiO2 (Malitson 1965)'], c.io)).toBe(0);
    expect(JSON.parse(c.out.join(''))).toEqual({
      name: 'SiO2 (Malitson 1965)',
      source: 'SiO2 (Malitson 1965)',
      wavelength_nm: 587.6,
      n: 1.4584623420532408,
      k: 0,
      warnings: [],
    });
  });

  it('exits 2 with the library’s message for an unknown name or an uncovered wavelength, and for bad usage', async () => {
    const unknown = capture();
    expect(await materialsCommand(['--at', '600', 'Aux'], unknown.io)).toBe(2);
    expect(unknown.err.join('')).toMatch(/^materials: unknown material "Aux"\. Close matches: Au \(/);
    const far = capture();
    expect(await materialsCommand(['--at', '2500', 'Au (Johnson and Christy 1972)'], far.io)).toBe(2);
    expect(far.err.join('')).toMatch(/2500 nm is 29\.1 % beyond its long-wavelength end/);
    const usage = capture();
    expect(await materialsCommand(['--at'], usage.io)).toBe(2);
    expect(usage.err.join('')).toMatch(/^materials: --at needs a value\nusage: proving-ground materials/);
  });
});
