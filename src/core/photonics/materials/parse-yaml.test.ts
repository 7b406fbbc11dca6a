import { describe, expect, it } from 'vitest';
import { MaterialError } from '../material-spec.ts';
import { parseDatabaseYaml } from './parse-yaml.ts';

const REFS = 'REFERENCES: |\n    A. B. Author.\n    Title.\n    <a href="https://doi.org/x"><i>J.</i> (2001)</a>\n';

describe('parseDatabaseYaml: valid files', () => {
  it('reads a tabulated nk table into n and k curves in nm (decimal point shifted, so 0.5876 µm is exactly 587.6 nm)', () => {
    const p = parseDatabaseYaml(`${REFS}DATA:\n  - type: tabulated nk\n    data: |\n        0.5876 1.5 0.1\n        1.2399E-01 1.4 2.0E-03\n`.replace('0.5876 1.5 0.1\n        1.2399E-01 1.4 2.0E-03', '1.2399E-01 1.4 2.0E-03\n        0.5876 1.5 0.1'));
    expect(p.n).toEqual([{ kind: 'table', wavelength_nm: [123.99, 587.6], values: [1.4, 1.5] }]);
    expect(p.k).toEqual([{ kind: 'table', wavelength_nm: [123.99, 587.6], values: [2e-3, 0.1] }]);
    expect(p.data_types).toEqual(['tabulated nk']);
    expect(p.references).toContain('A. B. Author.');
  });

  it('combines a formula for n with a tabulated k, as the database does', () => {
    const p = parseDatabaseYaml(
      `${REFS}DATA:\n  - type: formula 2\n    wavelength_range: 0.3 2.5\n    coefficients: 0 1.03961212 0.00600069867\n  - type: tabulated k\n    data: |\n        0.3 1e-6\n        2.5 2e-6\n`,
    );
    expect(p.n).toEqual([{ kind: 'formula', formula: 2, coefficients: [0, 1.03961212, 0.00600069867], min_nm: 300, max_nm: 2500 }]);
    expect(p.k).toEqual([{ kind: 'table', wavelength_nm: [300, 2500], values: [1e-6, 2e-6] }]);
    expect(p.data_types).toEqual(['formula 2', 'tabulated k']);
  });

  it('accepts the older "range" key, a single numeric coefficient, and reads CONDITIONS/SPECS caveats', () => {
    const p = parseDatabaseYaml(
      `${REFS}DATA:\n  - type: formula 5\n    range: 0.4 0.8\n    coefficients: 1.5\nSPECS:\n    wavelength_vacuum: false\n    temperature: 293\n`,
    );
    expect(p.n).toEqual([{ kind: 'formula', formula: 5, coefficients: [1.5], min_nm: 400, max_nm: 800 }]);
    expect(p.notes).toEqual([expect.stringMatching(/wavelengths in air/), 'measured at 293 K']);
  });

  it('takes a tabulated n without k (k = 0 later)', () => {
    const p = parseDatabaseYaml(`${REFS}DATA:\n  - type: tabulated n\n    data: |\n        1.2 3.5167\n        1.22 3.5133\n`);
    expect(p.k).toEqual([]);
    expect(p.n[0]).toMatchObject({ wavelength_nm: [1200, 1220], values: [3.5167, 3.5133] });
  });
});

describe('parseDatabaseYaml: malformed files give a MaterialError naming the field and line', () => {
  const bad = (text: string): string => {
    try {
      parseDatabaseYaml(text, 'x.yml');
    } catch (e) {
      expect(e).toBeInstanceOf(MaterialError);
      return (e as Error).message;
    }
    throw new Error('expected a MaterialError');
  };

  it('not YAML', () => {
    expect(bad('DATA: [\n  - type: x\n')).toMatch(/^x\.yml: not valid YAML \(line \d+, column \d+\)/);
  });
  it('no DATA, empty DATA, an entry without a type, an unknown type', () => {
    expect(bad(REFS)).toBe('x.yml: no DATA field: a database file lists its data under DATA');
    expect(bad(`${REFS}DATA: []\n`)).toMatch(/DATA \(line 5\) must be a non-empty list/);
    expect(bad(`${REFS}DATA:\n  - data: "1 2"\n`)).toMatch(/DATA\[0\], line 6: missing "type"/);
    expect(bad(`${REFS}DATA:\n  - type: tabulated x\n    data: "1 2"\n`)).toMatch(/DATA\[0\] \(tabulated x\), line 6: unknown type "tabulated x"; expected tabulated nk/);
    expect(bad(`${REFS}DATA:\n  - type: formula 10\n`)).toMatch(/unknown type "formula 10"/);
  });
  it('a row with the wrong number of columns, a non-number, a decreasing wavelength, a non-positive n (with the row’s line)', () => {
    const table = (rows: string) => `${REFS}DATA:\n  - type: tabulated nk\n    data: |\n${rows}`;
    // The rows start on line 8 (REFERENCES block 1–4, DATA 5, entry 6, "data: |" 7).
    expect(bad(table('        0.5 1.5 0.1\n        0.6 1.5\n'))).toBe(
      'x.yml: DATA[0] (tabulated nk), line 9: expected 3 numbers (wavelength_µm n k), got 2: "0.6 1.5"',
    );
    expect(bad(table('        0.5 1.5 abc\n'))).toMatch(/line 8: "abc" is not a number/);
    expect(bad(table('        0.5 1.5 0.1\n        0.4 1.5 0.1\n'))).toMatch(/line 9: wavelength 0\.4 µm is below the previous row's 0\.5 µm/);
    expect(bad(table('        0.5 -1.5 0.1\n'))).toMatch(/line 8: n = -1\.5 must be positive/);
    expect(bad(table('        -0.5 1.5 0.1\n'))).toMatch(/line 8: wavelength "-0\.5" is not a positive number/);
    expect(bad(`${REFS}DATA:\n  - type: tabulated nk\n`)).toMatch(/DATA\[0\] \(tabulated nk\), line 6: missing "data"/);
  });
  it('formula problems: coefficients, range, no real index inside the range', () => {
    const formula = (body: string) => `${REFS}DATA:\n  - type: formula 1\n${body}`;
    expect(bad(formula('    wavelength_range: 0.2 1\n'))).toMatch(/missing "coefficients"/);
    expect(bad(formula('    coefficients: 0 1 0.1\n'))).toMatch(/missing "wavelength_range"/);
    expect(bad(formula('    wavelength_range: 1 0.2\n    coefficients: 0 1 0.1\n'))).toMatch(/line 7: wavelength_range must be two increasing positive numbers in µm, got "1 0.2"/);
    expect(bad(formula('    wavelength_range: 0.2 1\n    coefficients: 1 0.1\n'))).toMatch(/line 8: formula 1 \(Sellmeier\) takes C1 followed by pairs/);
    expect(bad(formula('    wavelength_range: 0.2 1\n    coefficients: 0 1 x\n'))).toMatch(/coefficient "x" is not a number/);
    // A pole at 0.5 µm inside 0.2–1 µm: n² < 0 just below it.
    expect(bad(formula('    wavelength_range: 0.2 1\n    coefficients: 0 1 0.5\n'))).toMatch(/formula 1 \(Sellmeier\) gives no real positive n at [\d.]+ nm, inside its wavelength_range/);
  });
  it('only k, no n', () => {
    expect(bad(`${REFS}DATA:\n  - type: tabulated k\n    data: "0.5 0.1"\n`)).toMatch(/gives no refractive index n \(only "tabulated k"\)/);
  });
  it('a top level that is not a mapping', () => {
    expect(bad('- 1\n- 2\n')).toMatch(/expected a YAML mapping/);
  });
});
