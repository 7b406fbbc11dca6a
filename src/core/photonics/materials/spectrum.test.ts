import { describe, expect, it } from 'vitest';
import { literalResolver } from '../literal-resolver.ts';
import type { MaterialResolver } from '../material-spec.ts';
import { resolveSpectrum } from './spectrum.ts';
import { createMaterialLibrary } from './library.ts';

describe('resolveSpectrum (any resolver)', () => {
  it('falls back to resolve() per wavelength, dropping repeated warnings', () => {
    const warnOnce: MaterialResolver = { resolve: (spec, x) => ({ ...literalResolver.resolve(spec, x), warnings: ['same warning'] }) };
    expect(resolveSpectrum(warnOnce, { n: 1.5, k: 0.1 }, [400, 500, 600])).toEqual({ n: [1.5, 1.5, 1.5], k: [0.1, 0.1, 0.1], warnings: ['same warning'] });
    expect(() => resolveSpectrum(literalResolver, { n: 1.5, k: -1 }, [400])).toThrow(/gain/);
  });

  it('uses the library’s own merged warnings when it has them', () => {
    const lib = createMaterialLibrary();
    const s = resolveSpectrum(lib, 'Au (Johnson and Christy 1972)', [1950, 2000]);
    expect(s.warnings).toEqual([
      'Au (Johnson and Christy 1972) covers 187.9–1937 nm; 2 of the 2 wavelengths (1950–2000 nm) are outside, the value at 1937 nm was used for them — results may be wrong.',
    ]);
  });
});
