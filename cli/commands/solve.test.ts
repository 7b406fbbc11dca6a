import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeSolveContext } from '../../src/adapters/node/photonics-context.ts';
import { solvePhotonics } from '../../src/core/photonics/solve.ts';
import { parseSolveArgs, solveCommand } from './solve.ts';
import { capture } from '../test-capture.ts';

/**
 * Bohren & Huffman (1983), Appendix A, the sample run of BHMIE: m = 1.55, x = 5.21282 (radius
 * 0.525 µm at λ = 0.6328 µm in vacuum). Printed there to 5 decimals: Qext = Qsca = 3.10543,
 * Qback = 2.92534, g = 0.63314; tolerance half a unit of the last printed digit (5e-6).
 */
const BH_SPHERE = { kind: 'scattering', particle: { shape: 'sphere', radius_nm: 525, material: { n: 1.55, k: 0 } }, medium: { n: 1, k: 0 }, wavelength_nm: 632.8 };

let dir: string;
const context = createNodeSolveContext();
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pg-solve-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, content: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

interface ScatteringOut {
  qext: number[];
  qsca: number[];
  qback: number[];
  g: number[];
  backend: string;
  warnings: string[];
}

describe('solve', () => {
  it('solves the Bohren & Huffman sphere from a file: Appendix A values, full precision, WASM backend', async () => {
    const { io, out, err } = capture();
    expect(await solveCommand([await file('bh.json', JSON.stringify(BH_SPHERE))], io, { context })).toBe(0);
    expect(err).toEqual([]);
    expect(out).toHaveLength(1);
    const r = JSON.parse(out[0] as string) as ScatteringOut;
    expect(Math.abs((r.qext[0] as number) - 3.10543)).toBeLessThan(5e-6);
    expect(Math.abs((r.qsca[0] as number) - 3.10543)).toBeLessThan(5e-6);
    expect(Math.abs((r.qback[0] as number) - 2.92534)).toBeLessThan(5e-6);
    expect(Math.abs((r.g[0] as number) - 0.63314)).toBeLessThan(5e-6);
    expect(r.backend).toBe('wasm');
    // Full precision: the printed line is JSON.stringify of the solver's own doubles, nothing rounded.
    expect(out[0]).toBe(JSON.stringify(solvePhotonics(BH_SPHERE, await context)));
  });

  it('reads standard input for "-", giving the same line as from a file', async () => {
    const fromFile = capture();
    await solveCommand([await file('bh2.json', JSON.stringify(BH_SPHERE))], fromFile.io, { context });
    const fromStdin = capture();
    expect(await solveCommand(['-'], fromStdin.io, { context, readStdin: async () => `  ${JSON.stringify(BH_SPHERE, null, 2)}\n` })).toBe(0);
    expect(fromStdin.out).toEqual(fromFile.out);
  });

  it('--pretty indents the same result', async () => {
    const { io, out } = capture();
    expect(await solveCommand(['-', '--pretty'], io, { context, readStdin: async () => JSON.stringify(BH_SPHERE) })).toBe(0);
    expect(out[0]).toContain('\n  "kind": "scattering"');
    expect(JSON.parse(out[0] as string)).toEqual(solvePhotonics(BH_SPHERE, await context));
  });

  it('rejects a diameter (a sphere takes a radius) with exit 2, listing every issue with its path', async () => {
    const bad = { ...BH_SPHERE, particle: { shape: 'sphere', diameter_nm: 1050, material: { n: 1.55, k: 0 } }, wavelength_nm: -1 };
    const { io, out, err } = capture();
    expect(await solveCommand(['-'], io, { context, readStdin: async () => JSON.stringify(bad) })).toBe(2);
    expect(out).toEqual([]);
    expect(err).toHaveLength(1);
    const message = err[0] as string;
    expect(message).toMatch(/^solve: standard input: invalid photonics problem:\n/);
    expect(message).toContain('diameter_nm'); // the unknown key is named ...
    expect(message).toMatch(/particle(\.radius_nm)?: /); // ... at its path, with the missing radius
    expect(message).toMatch(/wavelength_nm: /); // and the second issue is listed too
  });

  it('refuses a 0.01 nm channel grid at once with exit 2 and the node count (issue 21), not a hang or a typed-array error', async () => {
    const channel = { kind: 'mode', wavelength_nm: 1550, polarization: 'TE', structure: { type: 'channel', shape: 'strip', core: { material: { n: 3.4757, k: 0 }, width_nm: 500, height_nm: 220 }, cladding: { n: 1.444, k: 0 }, substrate: { n: 1.444, k: 0 }, window_nm: { width: 1600, height: 1200 }, grid_nm: 0.01 } };
    const { io, out, err } = capture();
    expect(await solveCommand(['-'], io, { context, readStdin: async () => JSON.stringify(channel) })).toBe(2);
    expect(out).toEqual([]);
    expect(err[0]).toMatch(/160000 × 120000 = 19200000000 nodes at grid_nm = 0.01, over the \d+ limit: use a larger grid_nm or a smaller window_nm/);
  });

  it('a 100 MB material name exits 2 at validation, giving its length, not the name (issue 21)', async () => {
    const text = JSON.stringify({ ...BH_SPHERE, particle: { ...BH_SPHERE.particle, material: 'q'.repeat(100_000_000) } });
    const { io, out, err } = capture();
    const started = performance.now();
    expect(await solveCommand(['-'], io, { context, readStdin: async () => text })).toBe(2);
    // JSON.parse of 100 MB is ~0.5 s here; the refusal adds nothing (the library lookup took ~4 s more).
    expect(performance.now() - started).toBeLessThan(4000);
    expect(out).toEqual([]);
    expect(err[0]).toBe('solve: standard input: invalid photonics problem:\n  - particle.material: a material name of 100000000 characters is not a library name (at most 1000; `proving-ground materials` lists them)');
  });

  it('an unknown material name exits 2 (the caller\'s to change), with the library hint', async () => {
    const problem = { ...BH_SPHERE, particle: { ...BH_SPHERE.particle, material: 'unobtainium' } };
    const { io, err } = capture();
    expect(await solveCommand(['-'], io, { context, readStdin: async () => JSON.stringify(problem) })).toBe(2);
    expect(err[0]).toMatch(/^solve: cannot solve standard input: unknown material "unobtainium"\. `proving-ground materials` lists/);
  });

  it('refuses a gain index (k < 0) with exit 2 and the convention in the message, unless allow_gain is set', async () => {
    const gain = { ...BH_SPHERE, particle: { ...BH_SPHERE.particle, material: { n: 1.55, k: -0.01 } } };
    const { io, out, err } = capture();
    expect(await solveCommand(['-'], io, { context, readStdin: async () => JSON.stringify(gain) })).toBe(2);
    expect(out).toEqual([]);
    expect(err[0]).toMatch(/^solve: cannot solve standard input: /);
    expect(err[0]).toContain('e^{+jωt}');
    expect(err[0]).toContain('"allow_gain": true');

    const allowed = capture();
    expect(await solveCommand(['-'], allowed.io, { context, readStdin: async () => JSON.stringify({ ...gain, allow_gain: true }) })).toBe(0);
    const r = JSON.parse(allowed.out[0] as string) as ScatteringOut;
    // With gain the particle emits: extinction falls below scattering.
    expect(r.qext[0]).toBeLessThan(r.qsca[0] as number);
  });

  it('notes a kernel that could not load and solves on the reference', async () => {
    const ctx = createNodeSolveContext({ mieWasmPath: join(dir, 'missing-mie.wasm') });
    const { io, out, err } = capture();
    expect(await solveCommand(['-'], io, { context: ctx, readStdin: async () => JSON.stringify(BH_SPHERE) })).toBe(0);
    expect(err).toEqual([`note: mie: wasm unavailable: ${join(dir, 'missing-mie.wasm')} not found (run npm run build:wasm); that solver uses its TypeScript reference`]);
    const r = JSON.parse(out[0] as string) as ScatteringOut;
    expect(r.backend).toBe('reference');
    expect(Math.abs((r.qext[0] as number) - 3.10543)).toBeLessThan(5e-6);
  });

  it('solves every kind: a quarter-wave AR coating reflects nothing at its design wavelength', async () => {
    // Closed form (Hecht, Optics §9.9): n_c = √(n0 ns), d = λ/(4 n_c) gives R = 0 exactly at λ.
    const nc = Math.sqrt(1.52);
    const ar = { kind: 'layer_stack', layers: [{ material: { n: nc, k: 0 }, thickness_nm: 550 / (4 * nc) }], exit_medium: { n: 1.52, k: 0 }, polarization: 's', wavelength_nm: 550 };
    const { io, out } = capture();
    expect(await solveCommand(['-'], io, { context, readStdin: async () => JSON.stringify(ar) })).toBe(0);
    const r = JSON.parse(out[0] as string) as { R: unknown };
    expect(Math.abs(([r.R].flat(3)[0] as number) - 0)).toBeLessThan(1e-12);
  });

  it('names the file or the JSON problem, exit 2', async () => {
    const missing = capture();
    expect(await solveCommand([join(dir, 'nope.json')], missing.io, { context })).toBe(2);
    expect(missing.err).toEqual([`solve: ${join(dir, 'nope.json')} not found`]);

    const broken = capture();
    expect(await solveCommand([await file('broken.json', '{"kind": "scattering",')], broken.io, { context })).toBe(2);
    expect(broken.err[0]).toMatch(/^solve: .*broken\.json is not valid JSON: /);
  });

  it('estimate prints unknowns, memory, a probe-calibrated time and advice instead of solving', async () => {
    const problem = { kind: 'grating', period_nm: 1000, cover: { n: 1, k: 0 }, substrate: { n: 1.5, k: 0 }, layers: [{ thickness_nm: 400, background: { n: 1, k: 0 }, ridges: [{ from: 0.25, to: 0.75, material: { n: 1.5, k: 0 } }] }], polarization: 'TE', harmonics: 20, wavelength_nm: 632.8 };
    const c = capture();
    expect(await solveCommand(['--estimate', '-'], c.io, { readStdin: () => Promise.resolve(JSON.stringify(problem)), context })).toBe(0);
    const estimate = JSON.parse(c.out.join('')) as { kind: string; unknowns: number; expected_seconds: number; advice: string[] };
    expect(estimate.kind).toBe('grating');
    expect(estimate.unknowns).toBe(41);
    expect(estimate.expected_seconds).toBeGreaterThan(0);
    expect(estimate.advice.length).toBeGreaterThan(0);
  });

  it('parses its arguments strictly', () => {
    expect(parseSolveArgs(['p.json'])).toEqual({ source: 'p.json', pretty: false, estimate: false, maxSeconds: 300, force: false });
    expect(parseSolveArgs(['-', '--pretty'])).toEqual({ source: '-', pretty: true, estimate: false, maxSeconds: 300, force: false });
    expect(parseSolveArgs(['--estimate', 'p.json'])).toEqual({ source: 'p.json', pretty: false, estimate: true, maxSeconds: 300, force: false });
    expect(parseSolveArgs([])).toBe('FILE is required ("-" reads standard input)');
    expect(parseSolveArgs(['a.json', 'b.json'])).toBe('expected one FILE, got 2: solve one problem per call');
    expect(parseSolveArgs(['--out', 'x'])).toBe('unknown argument "--out"');
  });
});

describe('solve --max-seconds', () => {
  const air = { n: 1, k: 0 };
  const glass = { n: 1.5, k: 0 };
  const grating = (extra: Record<string, unknown>) => ({
    kind: 'grating', period_nm: 1000, cover: air, substrate: glass, polarization: 'TE', convergence_check: false,
    layers: [{ thickness_nm: 400, background: air, ridges: [{ from: 0.25, to: 0.75, material: glass }] }],
    ...extra,
  });

  it('refuses a problem estimated far over the default 300 s with exit 2 and the estimate, before solving', async () => {
    // 401 harmonics × 10 000 wavelengths: the (2N+1)³ eigenproblem per wavelength, hours on any machine.
    const huge = grating({ harmonics: 200, wavelength_range_nm: { start: 500, stop: 700, count: 10_000 } });
    const { io, text } = capture();
    const started = performance.now();
    expect(await solveCommand(['-'], io, { context, readStdin: async () => JSON.stringify(huge) })).toBe(2);
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(text()).toMatch(/standard input is estimated at [\d.]+ (s|h \(\d+ s\)) \(401 unknowns, ~[\d.]+ [MG]iB\), over --max-seconds 300; nothing was solved\. .*--force/);
  });

  it('--force solves anyway; --max-seconds sets the threshold and must be a positive number', async () => {
    const small = JSON.stringify(grating({ harmonics: 8, wavelength_nm: 632.8 }));
    const refused = capture();
    expect(await solveCommand(['-', '--max-seconds', '1e-9'], refused.io, { context, readStdin: async () => small })).toBe(2);
    expect(refused.text()).toMatch(/over --max-seconds 1e-9; nothing was solved/);
    const forced = capture();
    expect(await solveCommand(['-', '--max-seconds', '1e-9', '--force'], forced.io, { context, readStdin: async () => small })).toBe(0);
    expect(forced.text()).toMatch(/"points"/);
    expect(parseSolveArgs(['a.json', '--max-seconds', '-3'])).toBe('--max-seconds must be a positive number of seconds, got "-3"');
    expect(parseSolveArgs(['a.json'])).toMatchObject({ maxSeconds: 300, force: false });
  });
});
