import { describe, expect, it } from 'vitest';
import { loadNodeWasmTmmKernel } from '../../../adapters/node/tmm-wasm.ts';
import { literalResolver } from '../literal-resolver.ts';
import { MaterialError, type MaterialResolver } from '../material-spec.ts';
import { ProblemError, type SolveContext } from '../solve-context.ts';
import { createMaterialLibrary } from '../materials/library.ts';
import { LayerStackProblemSchema } from './problem.ts';
import { solveLayerStack } from './solve.ts';

const ctx = { materials: literalResolver };
const solve = (input: Record<string, unknown>, c: SolveContext = ctx) => solveLayerStack(LayerStackProblemSchema.parse({ kind: 'layer_stack', ...input }), c);
const glass = { n: 1.5, k: 0 };

describe('solveLayerStack', () => {
  it('lays every array out [wavelength][angle] and returns R + T + A = 1', () => {
    const res = solve({
      layers: [{ material: { n: 0.05, k: 4 }, thickness_nm: 30, name: 'Ag' }, { material: glass, thickness_nm: 1e6, coherent: false }],
      exit_medium: { n: 1, k: 0 },
      wavelengths_nm: [500, 600, 700],
      angles_deg: [0, 45],
      polarization: 'p',
    });
    expect(res.wavelengths_nm).toEqual([500, 600, 700]);
    expect(res.angles_deg).toEqual([0, 45]);
    expect(res.R).toHaveLength(3);
    expect(res.R[0]).toHaveLength(2);
    expect(res.absorption_per_layer.map((l) => l.name)).toEqual(['Ag', 'layer 2']);
    for (let w = 0; w < 3; w++) {
      for (let a = 0; a < 2; a++) {
        const sum = (res.R[w]?.[a] as number) + (res.T[w]?.[a] as number) + (res.A[w]?.[a] as number);
        expect(sum).toBeCloseTo(1, 13);
      }
    }
    expect(res.amplitudes).toBeUndefined(); // an incoherent layer has no field amplitudes
    expect(res.backend).toBe('reference');
    expect(res.conventions.r_p_sign).toMatch(/Byrnes/);
  });

  it('unpolarized is the mean of s and p', () => {
    const input = { layers: [{ material: { n: 2.1, k: 0.05 }, thickness_nm: 80 }], exit_medium: glass, wavelength_nm: 600, angle_deg: 50 };
    const s = solve({ ...input, polarization: 's' });
    const p = solve({ ...input, polarization: 'p' });
    const u = solve(input);
    expect(u.R[0]?.[0]).toBeCloseTo(((s.R[0]?.[0] as number) + (p.R[0]?.[0] as number)) / 2, 15);
    expect(u.absorption_per_layer[0]?.A[0]?.[0]).toBeCloseTo(((s.A[0]?.[0] as number) + (p.A[0]?.[0] as number)) / 2, 15);
    expect(s.amplitudes?.r[0]?.[0]).toBeDefined();
  });

  it('incidence "back" sends light in from the exit medium: glass→air Fresnel at 30°, absorption mapped to the problem\'s layer order', () => {
    // Bare glass|air from the glass side: the Fresnel sine law, R_s = sin²(θi − θt)/sin²(θi + θt) with sin θt = 1.5 sin 30°.
    const bare = solve({ layers: [], exit_medium: glass, incidence: 'back', angle_deg: 30, wavelength_nm: 600, polarization: 's' });
    const ti = (30 * Math.PI) / 180;
    const tt = Math.asin(1.5 * Math.sin(ti));
    expect(bare.R[0]?.[0]).toBeCloseTo((Math.sin(ti - tt) / Math.sin(ti + tt)) ** 2, 14);

    const layers = [
      { material: { n: 0.2, k: 3 }, thickness_nm: 20, name: 'metal' },
      { material: { n: 2, k: 0 }, thickness_nm: 90, name: 'dielectric' },
    ];
    const back = solve({ layers, exit_medium: glass, incidence: 'back', angle_deg: 0, wavelength_nm: 600, polarization: 's' });
    const mirrored = solve({ incident_medium: glass, layers: layers.slice().reverse(), exit_medium: { n: 1, k: 0 }, angle_deg: 0, wavelength_nm: 600, polarization: 's' });
    expect(back.R[0]?.[0]).toBe(mirrored.R[0]?.[0]);
    expect(back.absorption_per_layer[0]?.name).toBe('metal');
    expect(back.absorption_per_layer[0]?.A[0]?.[0]).toBe(mirrored.absorption_per_layer[1]?.A[0]?.[0]);
    // Reciprocity: the same transmission from either side; reflection differs for an absorbing stack.
    const front = solve({ layers, exit_medium: glass, angle_deg: 0, wavelength_nm: 600, polarization: 's' });
    expect(back.T[0]?.[0]).toBeCloseTo(front.T[0]?.[0] as number, 14);
    expect(Math.abs((back.R[0]?.[0] as number) - (front.R[0]?.[0] as number))).toBeGreaterThan(0.01);
  });

  it('warns about a 1 mm slide treated coherently, and not when it is incoherent (R = 2R₀/(1 + R₀))', () => {
    const slide = (coherent: boolean) => solve({ layers: [{ material: glass, thickness_nm: 1e6, coherent }], exit_medium: { n: 1, k: 0 }, wavelength_nm: 550 });
    const coherent = slide(true);
    expect(coherent.warnings.join('\n')).toMatch(/treated coherently, but its interference fringes are only 0\.1\d* nm apart .* set "coherent": false/);
    const incoherent = slide(false);
    expect(incoherent.warnings).toEqual([]);
    expect(incoherent.R[0]?.[0]).toBeCloseTo((2 * 0.04) / 1.04, 14);
  });

  it('warns about a thin film marked incoherent and a sub-atomic thickness (a µm/nm slip)', () => {
    const res = solve({
      layers: [{ material: { n: 1.4, k: 0 }, thickness_nm: 100, coherent: false }, { material: { n: 2, k: 0 }, thickness_nm: 0.12 }],
      exit_medium: glass,
      wavelength_nm: 550,
    });
    const text = res.warnings.join('\n');
    expect(text).toMatch(/layer 1 \(100 nm\) is marked incoherent, but its optical thickness is below one wavelength/);
    expect(text).toMatch(/layer 2 is 0\.12 nm thick, thinner than one atomic layer/);
  });

  it('refuses gain unless allowed, with the e^{+jωt} hint; with allow_gain it warns', () => {
    const input = { layers: [{ material: { n: 1.5, k: -0.01 }, thickness_nm: 100 }], exit_medium: glass, wavelength_nm: 600 };
    expect(() => solve(input)).toThrow(MaterialError);
    expect(() => solve(input)).toThrow(/layer 1: k = -0.01 < 0 describes gain .*e\^\{\+jωt\}/);
    const res = solve({ ...input, allow_gain: true });
    expect(res.warnings.join()).toMatch(/contains gain/);
    expect(res.R[0]?.[0] as number).toBeGreaterThan(0);
  });

  it('refuses a resolved absorbing source medium, but drops a negligible k (a tabulated glass) with one warning', () => {
    const fixed = (k: number): MaterialResolver => ({
      resolve: (spec, lambda) => (spec === 'glass' ? { n: 1.5, k, warnings: [] } : literalResolver.resolve(spec, lambda)),
    });
    const input = { layers: [], exit_medium: 'glass', incidence: 'back', wavelengths_nm: [500, 600] };
    expect(() => solve(input, { materials: fixed(0.05) })).toThrow(ProblemError);
    expect(() => solve(input, { materials: fixed(0.05) })).toThrow(/exit_medium is where the light comes from and must be non-absorbing, but k = 0.05/);
    const res = solve(input, { materials: fixed(1e-8) });
    expect(res.warnings).toHaveLength(1);
    expect(res.warnings[0]).toMatch(/small extinction \(k up to 1e-8\) was set to 0/);
    expect(res.R[0]?.[0]).toBeCloseTo(0.04, 15);
  });

  it('passes material warnings on once each, prefixed problems name the medium', () => {
    const warn: MaterialResolver = {
      resolve: (spec, lambda) =>
        spec === 'X' ? { n: 2, k: 0, warnings: ['X covers 400–700 nm; values outside were clamped'] } : literalResolver.resolve(spec, lambda),
    };
    const res = solve({ layers: [{ material: 'X', thickness_nm: 50 }, { material: 'X', thickness_nm: 70 }], exit_medium: glass, wavelengths_nm: [300, 800] }, { materials: warn });
    expect(res.warnings).toEqual(['X covers 400–700 nm; values outside were clamped']);
    expect(() => solve({ layers: [{ material: 'Unobtainium', thickness_nm: 50 }], exit_medium: glass, wavelength_nm: 500 })).toThrow(/layer 1: "Unobtainium" is a library name/);
  });

  it('solves a 1,000-wavelength spectrum of a 22-layer stack fast on the WASM kernel (< 1 s even on a loaded CI machine; ~5–15 ms idle)', async () => {
    const wasm = await loadNodeWasmTmmKernel();
    const layers = Array.from({ length: 22 }, (_, j) => ({ material: j % 2 ? { n: 1.46, k: 0 } : { n: 2.35, k: 1e-3 }, thickness_nm: j % 2 ? 94 : 58.5 }));
    const input = { layers, exit_medium: { n: 1.52, k: 0 }, wavelength_range_nm: { start: 400, stop: 800, count: 1000 }, polarization: 's' };
    solve(input, { materials: literalResolver, kernels: { tmm: wasm } }); // warm-up: compile tiers, JIT
    const t0 = performance.now();
    const res = solve(input, { materials: literalResolver, kernels: { tmm: wasm } });
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(res.backend).toBe('wasm');
    expect(res.R).toHaveLength(1000);
    // Stop band of the quarter-wave stack at 550 nm: high reflectance there, low far outside.
    const at = (nm: number) => res.R[Math.round(((nm - 400) / 400) * 999)]?.[0] as number;
    expect(at(550)).toBeGreaterThan(0.99);
    expect(at(790)).toBeLessThan(0.5);
  });
});

describe('warnings over a spectrum', () => {
  it('words an out-of-range dataset once for the whole spectrum, even when layers repeat it', () => {
    // Johnson & Christy gold ends at 1937 nm; two gold layers and 1,000 wavelengths up to 2000 nm.
    const gold = 'Au (Johnson and Christy 1972)';
    const result = solve(
      {
        layers: [
          { material: gold, thickness_nm: 10 },
          { material: glass, thickness_nm: 100 },
          { material: gold, thickness_nm: 10 },
        ],
        exit_medium: glass,
        wavelength_range_nm: { start: 400, stop: 2000, count: 1000 },
      },
      { materials: createMaterialLibrary() },
    );
    expect(result.warnings.filter((w) => /1937/.test(w))).toHaveLength(1);
  });
});
