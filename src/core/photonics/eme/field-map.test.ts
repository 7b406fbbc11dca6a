import { describe, expect, it } from 'vitest';
import { literalResolver } from '../literal-resolver.ts';
import { makeGrid, rasteriseCrossSection, rasteriseTmCrossSection, type ResolvedCore } from './cross-section.ts';
import { cascadeDevice, solveSliceModes, type Slice } from './cascade.ts';
import { deviceFieldMap, sliceAmplitudes } from './field-map.ts';
import { MAX_MAP_SIDE } from '../result-map.ts';
import { propagationPhases } from './smatrix.ts';
import { EmeProblemSchema } from './problem.ts';
import { solveEme } from './solve.ts';

const k0 = (2 * Math.PI) / 1.55;
const core = (widthUm: number, centerUm = 0): ResolvedCore => ({ centerUm, widthUm, indexSquared: 4 });

function device(polarization: 'TE' | 'TM') {
  const grid = makeGrid(6, 40);
  const slice = (key: string, lengthUm: number, cores: ResolvedCore[]): Slice => ({
    key,
    lengthUm,
    indexSquared: rasteriseCrossSection(grid, 1.45 ** 2, cores),
    ...(polarization === 'TM' ? { tm: rasteriseTmCrossSection(grid, 1.45 ** 2, cores) } : {}),
  });
  // Input guide, an offset wide section (reflects, excites many modes), the wide section again (no junction), output guide.
  const slices = [slice('in', 1, [core(0.8)]), slice('wide', 2.5, [core(2.2, 0.3)]), slice('wide', 1.5, [core(2.2, 0.3)]), slice('out', 1, [core(1, -0.2)])];
  const modes = solveSliceModes(slices, grid.dx, k0, 24);
  return { grid, slices, modes };
}

describe('EME field inside the device', () => {
  for (const polarization of ['TE', 'TM'] as const) {
    it(`${polarization}: the amplitudes leaving the device are the cascade's S21 and S11 columns`, () => {
      // Independent routes to the same numbers: the star-product cascade (S-matrix of the whole
      // device) and the slice-by-slice amplitudes, which only share the junction S-matrices.
      const { grid, slices, modes } = device(polarization);
      const [s] = cascadeDevice(slices, modes, grid.dx);
      if (!s) throw new Error('no S-matrix');
      const amplitudes = sliceAmplitudes(slices, modes, grid.dx, 0);
      const last = amplitudes[amplitudes.length - 1];
      const first = amplitudes[0];
      const lastSlice = slices[slices.length - 1] as Slice;
      const firstSlice = slices[0] as Slice;
      if (!last || !first) throw new Error('no amplitudes');
      const pLast = propagationPhases(modes.get(lastSlice.key)?.betas ?? { re: new Float64Array(), im: new Float64Array() }, lastSlice.lengthUm);
      const pFirst = propagationPhases(modes.get(firstSlice.key)?.betas ?? { re: new Float64Array(), im: new Float64Array() }, firstSlice.lengthUm);
      const m = s.s21.cols;
      let worst = 0;
      let largestReflection = 0;
      for (let n = 0; n < m; n++) {
        // Forward at the far end: f e^{−iβL} of the last slice; backward at the input: g e^{−iβL} of the first.
        const [fr, fi, pr, pi] = [last.forward.re[n] as number, last.forward.im[n] as number, pLast.re[n] as number, pLast.im[n] as number];
        worst = Math.max(worst, Math.hypot(fr * pr - fi * pi - (s.s21.re[n * m] as number), fr * pi + fi * pr - (s.s21.im[n * m] as number)));
        const [gr, gi, qr, qi] = [first.backwardAtEnd.re[n] as number, first.backwardAtEnd.im[n] as number, pFirst.re[n] as number, pFirst.im[n] as number];
        worst = Math.max(worst, Math.hypot(gr * qr - gi * qi - (s.s11.re[n * m] as number), gr * qi + gi * qr - (s.s11.im[n * m] as number)));
        largestReflection = Math.max(largestReflection, Math.hypot(s.s11.re[n * m] as number, s.s11.im[n * m] as number));
        // Nothing comes back from beyond the output.
        expect(Math.hypot(last.backwardAtEnd.re[n] as number, last.backwardAtEnd.im[n] as number)).toBe(0);
      }
      expect(largestReflection).toBeGreaterThan(1e-3);
      expect(worst).toBeLessThan(1e-12);
    });
  }

  it('a uniform guide gives a z-invariant map equal to the launched mode profile, within the contract size', () => {
    const grid = makeGrid(6, 20);
    const slice: Slice = { key: 'g', lengthUm: 5, indexSquared: rasteriseCrossSection(grid, 1.45 ** 2, [core(1)]) };
    const modes = solveSliceModes([slice], grid.dx, k0, 10);
    const map = deviceFieldMap([slice], modes, grid, 0, { title: 't', quantity: 'q' });
    if (!map) throw new Error('no map');
    expect(map.values.length).toBeLessThanOrEqual(MAX_MAP_SIDE);
    expect(map.values[0]?.length).toBe(MAX_MAP_SIDE);
    expect(map.x_nm).toEqual([0, 5000]);
    const field = modes.get('g')?.modes.fields[0] as Float64Array;
    const stride = Math.ceil(grid.points / MAX_MAP_SIDE);
    // The map is normalised to the peak of the rows it keeps (every stride-th grid point).
    const peak = Math.max(...field.filter((_, i) => i % stride === 0).map((v) => v * v));
    map.values.forEach((row, r) => {
      const expected = ((field[r * stride] as number) ** 2) / peak;
      // Values are rounded to 1e-4 of the peak.
      for (const v of row) expect(Math.abs(v - expected)).toBeLessThanOrEqual(5e-5 + 1e-15);
    });
  });

  it('comes with the result for both polarisations, names the field component, and stays in the size contract', () => {
    const problem = (polarization: 'TE' | 'TM') =>
      EmeProblemSchema.parse({
        kind: 'eme',
        polarization,
        cladding: { n: 1.45, k: 0 },
        window_um: 8,
        grid_nm: 25,
        wavelength_nm: 1550,
        sections: [
          { length_um: 1, cores: [{ center_um: 0, width_um: 1.2, material: { n: 2, k: 0 } }] },
          { length_um: 22, cores: [{ center_um: 0, width_um: 4, material: { n: 2, k: 0 } }] },
          { length_um: 1, cores: [{ center_um: 0, width_um: 1.2, material: { n: 2, k: 0 } }] },
        ],
        sweep: { section: 1, lengths_um: [20, 21] },
      });
    for (const polarization of ['TE', 'TM'] as const) {
      const r = solveEme(problem(polarization), { materials: literalResolver });
      const map = r.maps?.[0];
      expect(map?.quantity).toBe(polarization === 'TE' ? '|E_y|² (normalised)' : '|H_y|² (normalised)');
      expect(map?.x_nm).toEqual([0, 24_000]);
      expect(map?.values.length).toBeLessThanOrEqual(200);
      expect(Math.max(...(map?.values.flat() ?? []))).toBe(1);
      expect(r.conventions['maps']).toContain('own lengths');
    }
    const without = solveEme({ ...problem('TM'), field_map: false }, { materials: literalResolver });
    expect(without.maps).toBeUndefined();
  });
});
