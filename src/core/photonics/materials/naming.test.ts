import { describe, expect, it } from 'vitest';
import { authorYear, closeMatches, displayName, normalizeName, pageQualifier, parseFileName, plainReference } from './naming.ts';

describe('parseFileName', () => {
  it('reads material and page from the shared folder’s names and from database paths', () => {
    expect(parseFileName('Au__Johnson.yml')).toEqual({ material: 'Au', page: 'Johnson' });
    expect(parseFileName('data-nk/main/Au/Johnson.yml')).toEqual({ material: 'Au', page: 'Johnson' });
    expect(parseFileName('Johnson.yml')).toEqual({ material: null, page: 'Johnson' });
  });
});

describe('authorYear and displayName', () => {
  const jc = 'P. B. Johnson and R. W. Christy.\nOptical constants of the noble metals.\n<a href="https://doi.org/10.1103/PhysRevB.6.4370"><i>Phys. Rev. B</i> <b>6</b>, 4370-4379 (1972)</a>';
  it('one, two and many authors; the year of the first reference', () => {
    expect(authorYear(jc)).toBe('Johnson and Christy 1972');
    expect(authorYear('1) I. H. Malitson.\nTitle.\n<a>J. (1965)</a><br>\n2) C. Z. Tan.\nOther.\n<a>J. (1998)</a>')).toBe('Malitson 1965');
    expect(authorYear('D. E. Zelmon, D. L. Small, D. Jundt.\nTitle.\n<i>J.</i> (1997)')).toBe('Zelmon et al. 1997');
    expect(authorYear('')).toBeNull();
  });
  it('builds "Material (Authors Year[, qualifier])"', () => {
    expect(displayName('Au', 'Johnson', jc)).toBe('Au (Johnson and Christy 1972)');
    expect(displayName('LiNbO3', 'Zelmon-e', 'D. E. Zelmon, D. L. Small, D. Jundt.\nT.\n(1997)')).toBe('LiNbO3 (Zelmon et al. 1997, extraordinary ray)');
    expect(pageQualifier('Daimon-20.0C', '2007')).toBe('20.0 °C');
    expect(pageQualifier('Li-293K', '1993')).toBe('293 K');
    expect(pageQualifier('Green-2008', '2008')).toBeNull();
    expect(pageQualifier('Al-Kuhaili', '2004', 'Al-Kuhaili 2004')).toBeNull();
  });
  it('keeps links in the plain-text reference', () => {
    expect(plainReference(jc)).toBe('P. B. Johnson and R. W. Christy.\nOptical constants of the noble metals.\n[https://doi.org/10.1103/PhysRevB.6.4370] Phys. Rev. B 6, 4370-4379 (1972)');
  });
});

describe('normalizeName and closeMatches', () => {
  it('ignores case, spacing, dots, commas and & versus and', () => {
    expect(normalizeName('  au (JOHNSON & christy 1972) ')).toBe(normalizeName('Au (Johnson and Christy 1972)'));
    expect(normalizeName('Ag (McPeak et al 2015)')).toBe(normalizeName('Ag (McPeak et al. 2015)'));
  });
  it('suggests the names sharing most words with the query (exactly, as a prefix or with one typo)', () => {
    const names = ['Au (Johnson and Christy 1972)', 'Au (McPeak et al. 2015)', 'Ag (Johnson and Christy 1972)', 'SiO2 (Malitson 1965)', 'Si (Green 2008)', 'Si3N4 (Luke et al. 2015)', 'gold'];
    expect(closeMatches('Au (Jonson and Christy 1972)', names).slice(0, 2)).toEqual(['Au (Johnson and Christy 1972)', 'Ag (Johnson and Christy 1972)']);
    expect(closeMatches('sio2 malitson', names)).toEqual(['SiO2 (Malitson 1965)']);
    expect(closeMatches('Si3N4 (Luke 2015)', names)[0]).toBe('Si3N4 (Luke et al. 2015)');
    expect(closeMatches('goldd', names)).toEqual(['gold']);
    expect(closeMatches('Aux', names)).toEqual(['Au (McPeak et al. 2015)', 'Au (Johnson and Christy 1972)']);
    // Formulas never match by one edit: "TiO2" does not suggest SiO2.
    expect(closeMatches('TiO2 (Luke 2015)', names)[0]).toBe('Si3N4 (Luke et al. 2015)');
    expect(closeMatches('TiO2 (Luke 2015)', names)).not.toContain('SiO2 (Malitson 1965)');
    expect(closeMatches('zzzzzzzz', names)).toEqual([]);
  });
});
