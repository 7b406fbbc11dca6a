import { describe, expect, it } from 'vitest';
import { MaterialError } from '../material-spec.ts';
import { buildDataset, CoverageError, describeCoverage, evaluateDataset, summarizeSubstitutions, type DatasetRecord } from './dataset.ts';

const base = { material: 'X', file: 'X__Test.yml', reference: 'test', comments: null, notes: [], data_types: ['tabulated nk'] };

/** A table with a gap between 600 and 1200 nm (a 600 nm step against 100 nm neighbours: 6× > GAP_FACTOR). */
const gapped: DatasetRecord = {
  ...base,
  name: 'X (gapped)',
  n: [{ kind: 'table', wavelength_nm: [400, 500, 600, 1200, 1300, 1400], values: [1.4, 1.5, 1.6, 2.0, 2.1, 2.2] }],
  k: [{ kind: 'table', wavelength_nm: [400, 500, 600, 1200, 1300, 1400], values: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6] }],
};

describe('evaluateDataset: inside the data', () => {
  it('interpolates n and k linearly and returns table rows exactly', () => {
    const ds = buildDataset(gapped);
    expect(evaluateDataset(ds, 500)).toEqual({ n: 1.5, k: 0.2, warnings: [], substitutions: [] });
    const mid = evaluateDataset(ds, 450);
    expect(mid.n).toBeCloseTo(1.45, 15);
    expect(mid.k).toBeCloseTo(0.15, 15);
    expect(mid.warnings).toEqual([]);
  });
});

describe('evaluateDataset: outside the range', () => {
  const ds = buildDataset(gapped);
  it('uses the edge value up to 10 % beyond, with a warning that says so', () => {
    const r = evaluateDataset(ds, 1500);
    expect(r).toMatchObject({ n: 2.2, k: 0.6 });
    expect(r.warnings).toEqual([
      'X (gapped) covers 400–600 and 1200–1400 nm; 1500 nm is outside, the value at 1400 nm was used — results may be wrong.',
    ]);
    expect(evaluateDataset(ds, 1540).warnings).toHaveLength(1); // exactly 10 %
    expect(evaluateDataset(ds, 364).n).toBe(1.4); // 400/364 = 1.099
  });
  it('refuses further out, naming the range and the distance', () => {
    expect(() => evaluateDataset(ds, 1541)).toThrow(CoverageError);
    expect(() => evaluateDataset(ds, 1750)).toThrow(/covers 400–600 and 1200–1400 nm; 1750 nm is 25 % beyond its long-wavelength end, too far/);
    expect(() => evaluateDataset(ds, 100)).toThrow(/100 nm is a factor 4\.0 below its short-wavelength end/);
  });
});

describe('evaluateDataset: gaps', () => {
  const ds = buildDataset(gapped);
  it('never interpolates across a gap: the nearer edge (by ratio) within 10 % is used with a warning', () => {
    const r = evaluateDataset(ds, 650);
    expect(r).toMatchObject({ n: 1.6, k: 0.3 }); // straight-line interpolation would give 1.65
    expect(r.warnings).toEqual([
      'X (gapped) has no data between 600 and 1200 nm; 650 nm falls in that gap, the value at 600 nm was used — results may be wrong.',
    ]);
    expect(evaluateDataset(ds, 1150)).toMatchObject({ n: 2.0, k: 0.4 });
  });
  it('refuses the middle of a wide gap', () => {
    // 900 nm: 1200/900 = 1.33 is nearer (by ratio) than 900/600 = 1.5.
    expect(() => evaluateDataset(ds, 900)).toThrow(/no data between 600 and 1200 nm; 900 nm is 33.3 % away from the nearest data \(1200 nm\)/);
  });
});

describe('evaluateDataset: n and k with different coverage', () => {
  const mixed: DatasetRecord = {
    ...base,
    name: 'X (mixed)',
    data_types: ['formula 5', 'tabulated k'],
    n: [{ kind: 'formula', formula: 5, coefficients: [1.5], min_nm: 300, max_nm: 2000 }],
    k: [{ kind: 'table', wavelength_nm: [400, 800], values: [0.01, 0.03] }],
  };
  it('takes n from the formula and k from its table, warning about k alone', () => {
    const ds = buildDataset(mixed);
    const inside = evaluateDataset(ds, 600);
    expect(inside).toMatchObject({ n: 1.5, warnings: [] });
    expect(inside.k).toBeCloseTo(0.02, 15);
    const r = evaluateDataset(ds, 850);
    expect(r).toMatchObject({ n: 1.5, k: 0.03 });
    expect(r.warnings).toEqual(['The k data of X (mixed) covers 400–800 nm; 850 nm is outside, the value at 800 nm was used — results may be wrong.']);
    expect(() => evaluateDataset(ds, 1500)).toThrow(/The k data of X \(mixed\) covers 400–800 nm/);
  });
  it('gives k = 0 with no warning when the dataset has no k', () => {
    expect(evaluateDataset(buildDataset({ ...mixed, k: [] }), 1500)).toMatchObject({ n: 1.5, k: 0, warnings: [] });
  });
  it('is an error, not NaN, where a formula has no real index', () => {
    const bad = buildDataset({ ...mixed, n: [{ kind: 'formula', formula: 1, coefficients: [-3], min_nm: 300, max_nm: 2000 }], k: [] });
    expect(() => evaluateDataset(bad, 500)).toThrow(MaterialError);
    expect(() => evaluateDataset(bad, 500)).toThrow(/gives no real refractive index at 500 nm/);
  });
});

describe('describeCoverage', () => {
  it('lists intervals in words', () => {
    expect(describeCoverage([{ min_nm: 187.9, max_nm: 1937 }])).toBe('187.9–1937 nm');
    expect(
      describeCoverage([
        { min_nm: 1, max_nm: 2 },
        { min_nm: 3, max_nm: 3 },
        { min_nm: 5, max_nm: 6 },
      ]),
    ).toBe('1–2, 3 and 5–6 nm');
  });
});

describe('summarizeSubstitutions', () => {
  it('merges the substitutions of a spectrum into one sentence per edge, counting the wavelengths', () => {
    const ds = buildDataset(gapped);
    const wavelengths = [1300, 1450, 1500, 620, 640, 1100, 655];
    const notes = wavelengths.flatMap((x) => evaluateDataset(ds, x).substitutions);
    expect(summarizeSubstitutions(notes, 10)).toEqual([
      'X (gapped) covers 400–600 and 1200–1400 nm; 2 of the 10 wavelengths (1450–1500 nm) are outside, the value at 1400 nm was used for them — results may be wrong.',
      'X (gapped) has no data between 600 and 1200 nm; 3 of the 10 wavelengths (620–655 nm) fall in that gap, the value at 600 nm was used for them — results may be wrong.',
      'X (gapped) has no data between 600 and 1200 nm; 1100 nm falls in that gap, the value at 1200 nm was used — results may be wrong.',
    ]);
  });
});
