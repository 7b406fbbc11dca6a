import { describe, expect, it } from 'vitest';
import { gainError } from '../literal-resolver.ts';
import { MaterialError } from '../material-spec.ts';
import { createMaterialLibrary } from './library.ts';

const lib = createMaterialLibrary();
const JC = 'Au (Johnson and Christy 1972)';

/** SCHOTT N-BK7 Sellmeier coefficients (SCHOTT datasheet) as a database file, for import. */
const SCHOTT_BK7 = `REFERENCES: |
    SCHOTT.
    Optical glass data sheets, N-BK7.
    <a href="https://www.schott.com">SCHOTT datasheet (2017)</a>
DATA:
  - type: formula 2
    wavelength_range: 0.3 2.5
    coefficients: 0 1.03961212 0.00600069867 0.231792344 0.0200179144 1.01046945 103.560653
`;

describe('built-in datasets against independent references', () => {
  it('SiO2 (Malitson 1965): n = 1.4585 at 587.6 nm (Malitson 1965 Table 2: 1.45846 at 587.56 nm)', () => {
    const r = lib.resolve('SiO2 (Malitson 1965)', 587.6);
    expect(Math.abs(r.n - 1.45846)).toBeLessThan(2e-5);
    expect(r.k).toBe(0);
    expect(r.warnings).toEqual([]);
    expect(r.source).toBe('SiO2 (Malitson 1965)');
  });

  it('Au (Johnson and Christy 1972) at a tabulated wavelength equals the table exactly (1.0880 µm: 0.27, 7.150)', () => {
    expect(lib.resolve(JC, 1088)).toEqual({ n: 0.27, k: 7.15, warnings: [], source: JC });
    expect(lib.resolve(JC, 582.1)).toMatchObject({ n: 0.29, k: 2.863 });
  });

  it('interpolates linearly between rows: the midpoint of 582.1 nm (0.29, 2.863) and 616.8 nm (0.21, 3.272)', () => {
    const r = lib.resolve(JC, (582.1 + 616.8) / 2);
    expect(r.n).toBeCloseTo(0.25, 14);
    expect(r.k).toBeCloseTo(3.0675, 14);
  });

  it('every built-in dataset gives a finite n > 0 and k ≥ 0 without warnings inside its coverage', () => {
    for (const info of lib.list()) {
      for (const iv of info.coverage_nm) {
        for (const x of [iv.min_nm, iv.min_nm * (iv.max_nm / iv.min_nm) ** 0.37, Math.sqrt(iv.min_nm * iv.max_nm), iv.max_nm]) {
          const r = lib.resolve(info.name, x);
          expect(r.n, `${info.name} at ${x} nm`).toBeGreaterThan(0);
          expect(r.k, `${info.name} at ${x} nm`).toBeGreaterThanOrEqual(0);
          expect(r.warnings, `${info.name} at ${x} nm`).toEqual([]);
        }
      }
    }
  });
});

describe('out of range', () => {
  it('uses the edge value within 10 % and says so in words an agent can pass on', () => {
    expect(lib.resolve(JC, 2000)).toEqual({
      n: 0.92,
      k: 13.78,
      source: JC,
      warnings: [`${JC} covers 187.9–1937 nm; 2000 nm is outside, the value at 1937 nm was used — results may be wrong.`],
    });
  });

  it('refuses further out, and names datasets that do cover the wavelength', () => {
    expect(() => lib.resolve(JC, 2500)).toThrow(
      `${JC} covers 187.9–1937 nm; 2500 nm is 29.1 % beyond its long-wavelength end, too far to use the edge value ` +
        '(at most 10 % is bridged with the nearest value). No Au dataset in the library covers 2500 nm',
    );
    expect(() => lib.resolve('Si (Li 1993, 293 K)', 1000)).toThrow(/Datasets that cover 1000 nm: Si \(Green 2008\); Si \(Schinke et al\. 2015\)\./);
  });

  it('does not interpolate across a gap in an imported table', () => {
    const l = createMaterialLibrary();
    l.importYaml(
      'REFERENCES: "A. Author. T. (2020)"\nDATA:\n  - type: tabulated nk\n    data: |\n        0.40 1.40 0.1\n        0.50 1.50 0.2\n        0.60 1.60 0.3\n        1.20 2.00 0.4\n        1.30 2.10 0.5\n',
      'Gapped (test)',
    );
    expect(l.info('Gapped (test)').coverage_nm).toEqual([
      { min_nm: 400, max_nm: 600 },
      { min_nm: 1200, max_nm: 1300 },
    ]);
    expect(l.resolve('gapped (test)', 640)).toMatchObject({
      n: 1.6,
      warnings: ['Gapped (test) has no data between 600 and 1200 nm; 640 nm falls in that gap, the value at 600 nm was used — results may be wrong.'],
    });
    expect(() => l.resolve('Gapped (test)', 900)).toThrow(/no data between 600 and 1200 nm; 900 nm is 33.3 % away/);
  });
});

describe('names', () => {
  it('is case-insensitive and tolerant of spacing, dots and &; accepts database file ids', () => {
    for (const name of ['au (johnson & christy 1972)', '  AU(Johnson and Christy  1972) ', 'Au__Johnson', 'au/johnson']) {
      expect(lib.resolve(name, 1088)).toEqual({ n: 0.27, k: 7.15, warnings: [], source: JC });
    }
  });

  it('resolves short names to the documented default and says which dataset was used', () => {
    const r = lib.resolve('Au', 1088);
    expect(r).toMatchObject({ n: 0.27, k: 7.15, source: JC });
    expect(r.warnings).toEqual([`"Au" resolved to ${JC}, the library's default for Au. Name a dataset to choose another: Au (McPeak et al. 2015).`]);
    expect(lib.resolve('gold', 1088).source).toBe(JC);
    expect(lib.resolve('Al', 500).warnings[0]).toBe('"Al" resolved to Al (Rakić 1995), the only Al dataset in the library.');
    expect(lib.info('Au').aliases).toEqual(['Au', 'gold']);
  });

  it('refuses an ambiguous short name, listing the datasets and their ranges', () => {
    expect(() => lib.resolve('Si', 1550)).toThrow(
      '"Si" is ambiguous: the library has 4 Si datasets and no default, because they differ (range, polarisation or sample). ' +
        'Name one: Si (Aspnes and Studna 1983) [206.6–826.6 nm]; Si (Green 2008) [250–1450 nm]; Si (Li 1993, 293 K) [1200–14000 nm, n only]; Si (Schinke et al. 2015) [250–1450 nm].',
    );
    expect(() => lib.resolve('lithium niobate', 1550)).toThrow(/"lithium niobate" is ambiguous.*extraordinary ray.*ordinary ray/);
  });

  it('an unknown name is a MaterialError listing close matches', () => {
    expect(() => lib.resolve('Au (Jonson and Christy 1972)', 600)).toThrow(MaterialError);
    expect(() => lib.resolve('Au (Jonson and Christy 1972)', 600)).toThrow(/^unknown material "Au \(Jonson and Christy 1972\)"\. Close matches: Au \(Johnson and Christy 1972\)/);
    expect(() => lib.resolve('unobtainium', 600)).toThrow(/^unknown material "unobtainium"\. `proving-ground materials` lists the 36 library entries/);
  });
});

describe('literals, models and gain', () => {
  it('passes literal indices through and refuses gain with the project’s message unless allowed', () => {
    expect(lib.resolve({ n: 1.5, k: 0.01 }, 600)).toEqual({ n: 1.5, k: 0.01, warnings: [] });
    expect(() => lib.resolve({ n: 1.5, k: -0.01 }, 600)).toThrow(gainError(-0.01).message);
    expect(lib.resolve({ n: 1.5, k: -0.01 }, 600, { allowGain: true })).toEqual({ n: 1.5, k: -0.01, warnings: [] });
    expect(() => lib.resolve({ model: 'constant', n: 2, k: -1 }, 600)).toThrow(/e\^\{\+jωt\}/);
  });

  it('refuses gain in a dataset too', () => {
    const l = createMaterialLibrary({ builtin: false });
    l.importYaml('REFERENCES: "A. Gain. (2020)"\nDATA:\n  - type: tabulated nk\n    data: "0.5 1.5 -0.01"\n', 'Dye (gain test)');
    expect(() => l.resolve('Dye (gain test)', 500)).toThrow(/k = -0.01 < 0 describes gain/);
    expect(l.resolve('Dye (gain test)', 500, { allowGain: true }).k).toBe(-0.01);
  });

  it('evaluates models and names them as the source', () => {
    const r = lib.resolve({ model: 'drude', eps_inf: 1, plasma_energy_ev: 9, damping_energy_ev: 0.07 }, 2000);
    expect(r.source).toBe('Drude model');
    expect(r.k).toBeCloseTo(14.414666069525538, 12);
  });

  it('rejects a malformed spec object and a non-positive wavelength with a MaterialError', () => {
    expect(() => lib.resolve({ n: 1.5 } as never, 600)).toThrow(/^invalid material: /);
    expect(() => lib.resolve('Au', 0)).toThrow(/wavelength_nm must be a positive number/);
    expect(() => lib.resolve('Au', Number.NaN)).toThrow(MaterialError);
  });
});

describe('importYaml', () => {
  it('imports a database file (SCHOTT N-BK7): n_d = 1.5168 at 587.56 nm (SCHOTT datasheet)', () => {
    const l = createMaterialLibrary();
    const info = l.importYaml(SCHOTT_BK7, 'N-BK7__SCHOTT.yml');
    expect(info).toMatchObject({ name: 'N-BK7 (SCHOTT 2017)', material: 'N-BK7', origin: 'imported', file: 'N-BK7__SCHOTT.yml', range_nm: { min_nm: 300, max_nm: 2500 }, k_coverage_nm: null });
    expect(Math.abs(l.resolve('N-BK7 (SCHOTT 2017)', 587.56).n - 1.5168)).toBeLessThan(5e-5);
    // The only N-BK7 dataset, so its material name becomes a short name.
    expect(l.resolve('n-bk7', 587.56).warnings[0]).toMatch(/the only N-BK7 dataset/);
    expect(l.list().at(-1)?.name).toBe('N-BK7 (SCHOTT 2017)');
  });

  it('names an import without a file name "Imported (Authors Year)", or uses a given display name as is', () => {
    const l = createMaterialLibrary({ builtin: false });
    expect(l.importYaml(SCHOTT_BK7).name).toBe('Imported (SCHOTT 2017)');
    expect(l.importYaml(SCHOTT_BK7, 'My glass').name).toBe('My glass');
  });

  it('refuses duplicates clearly', () => {
    const l = createMaterialLibrary();
    const au = 'REFERENCES: "P. B. Johnson and R. W. Christy. (1972)"\nDATA:\n  - type: tabulated nk\n    data: "0.5 0.9 1.9"\n';
    expect(() => l.importYaml(au, 'Au__Johnson.yml')).toThrow(
      `a dataset named "${JC}" is already in the library (built-in, from Au__Johnson.yml); import this file under another name`,
    );
    expect(() => l.importYaml(au, 'Au')).toThrow(/"Au" is a short material name in the library/);
    l.importYaml(SCHOTT_BK7, 'Glass');
    expect(() => l.importYaml(SCHOTT_BK7, 'glass')).toThrow(/already in the library \(imported, from glass\)|already in the library \(imported, from Glass\)/);
  });

  it('reports a malformed file with the line and field, and leaves the library unchanged', () => {
    const l = createMaterialLibrary();
    const before = l.list().length;
    expect(() => l.importYaml('REFERENCES: x\nDATA:\n  - type: tabulated nk\n    data: |\n        0.5 1.5\n', 'Bad__File.yml')).toThrow(
      'Bad__File.yml: DATA[0] (tabulated nk), line 5: expected 3 numbers (wavelength_µm n k), got 2: "0.5 1.5"',
    );
    expect(l.list()).toHaveLength(before);
  });
});

describe('resolveSpectrum', () => {
  it('gives the same values as resolve() point by point, with one merged warning per cause', () => {
    const wavelengths = Array.from({ length: 101 }, (_, i) => 1500 + 5 * i); // 1500–2000 nm
    const s = lib.resolveSpectrum('Au', wavelengths);
    wavelengths.forEach((x, i) => {
      const r = lib.resolve(JC, x);
      expect(s.n[i]).toBe(r.n);
      expect(s.k[i]).toBe(r.k);
    });
    expect(s.source).toBe(JC);
    expect(s.warnings).toEqual([
      `"Au" resolved to ${JC}, the library's default for Au. Name a dataset to choose another: Au (McPeak et al. 2015).`,
      `${JC} covers 187.9–1937 nm; 13 of the 101 wavelengths (1940–2000 nm) are outside, the value at 1937 nm was used for them — results may be wrong.`,
    ]);
  });

  it('handles literals and models, and refuses the whole spectrum when one wavelength is too far out', () => {
    expect(lib.resolveSpectrum({ n: 1.5, k: 0 }, [400, 500])).toEqual({ n: [1.5, 1.5], k: [0, 0], warnings: [] });
    expect(lib.resolveSpectrum({ model: 'constant', n: 2, k: 0.1 }, [400])).toEqual({ n: [2], k: [0.1], warnings: [], source: 'constant-index model' });
    expect(() => lib.resolveSpectrum(JC, [600, 2500])).toThrow(/2500 nm is 29\.1 % beyond/);
    expect(() => lib.resolveSpectrum(JC, [600, -1])).toThrow(/wavelength_nm must be a positive number/);
  });

  it('interpolates a dataset once per grid: a repeat gives equal, unshared arrays and the same warnings; a new grid is not served a stale table', () => {
    const local = createMaterialLibrary();
    const grid = Array.from({ length: 50 }, (_, i) => 1900 + 2 * i);
    const first = local.resolveSpectrum('Au', grid);
    const again = local.resolveSpectrum('Au', [...grid]);
    expect(again).toEqual(first);
    expect(again.n).not.toBe(first.n);
    (again.n as number[])[0] = -1;
    expect(local.resolveSpectrum('Au', grid).n[0]).toBe(first.n[0]);
    const shifted = local.resolveSpectrum('Au', grid.map((x) => x - 1000));
    expect(shifted.n[0]).toBe(local.resolve(JC, 900).n);
    expect(shifted.warnings).toHaveLength(1);
    for (let i = 0; i < 6; i++) local.resolveSpectrum('Au', [500 + i]);
    expect(local.resolveSpectrum('Au', grid)).toEqual(first);
  });
});

describe('huge names (issue 21)', () => {
  it('an unknown 5 MB name is echoed cut to 200 characters, at once (no close-match search)', () => {
    const t0 = performance.now();
    const name = 'Zq'.repeat(2_500_000);
    expect(() => lib.resolve(name, 600)).toThrow(new RegExp(`^unknown material "${'Zq'.repeat(100)}… \\(5000000 chars\\)"\\. \`proving-ground materials\` lists`));
    expect(performance.now() - t0).toBeLessThan(1000);
  });

  it('a name over MAX_MATERIAL_NAME_CHARS is refused before any comparison: 100 MB in well under a second', () => {
    const name = 'Au'.repeat(50_000_000); // would normalise and compare for ~4 s
    const t0 = performance.now();
    expect(() => lib.resolve(name, 600)).toThrow(/^unknown material "(Au){100}… \(100000000 chars\)"\. `proving-ground materials` lists the \d+ library entries \(none has a name over 1000 characters\)/);
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});
