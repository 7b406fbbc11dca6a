/**
 * Channel modes through the `mode` problem, both methods:
 * - full-vectorial (default): the 500 × 220 nm Si strip in SiO2 at 1550 nm converges to TE0
 *   n_eff ≈ 2.44 (issue 6's reference; a published compact model of the same strip has 2.445 at
 *   1550 nm), an 80 nm grid is off by a few 10⁻²,
 *   TM0 lands in 1.7–1.8; polarization filtering, field maps, n_g, rib and slot, warnings;
 * - semi-vectorial (method: semi_vectorial) still gives exactly its old values and states its limitation;
 * - the estimate scales with the method's cost.
 */
import { describe, expect, it } from 'vitest';
import { literalResolver } from '../literal-resolver.ts';
import { parsePhotonicsProblem, solvePhotonics } from '../solve.ts';
import { estimatePhotonics, MODE_FIXED_WORK } from '../estimate.ts';
import type { SolveProgress } from '../progress.ts';
import type { ChannelModeResult } from './solve.ts';
import { symbolicSize } from '../linalg/multifrontal.ts';
import { nestedDissection } from './nested-dissection.ts';

const ctx = { materials: literalResolver };
const si = { n: 3.4757, k: 0 };
const sio2 = { n: 1.444, k: 0 };
const strip = (extra: Record<string, unknown> = {}, structure: Record<string, unknown> = {}) => ({
  kind: 'mode',
  structure: { type: 'channel', shape: 'strip', core: { material: si, width_nm: 500, height_nm: 220 }, cladding: sio2, substrate: sio2, window_nm: { width: 1600, height: 1200 }, grid_nm: 40, ...structure },
  polarization: 'both',
  wavelength_nm: 1550,
  ...extra,
});
const solve = (p: unknown, onProgress?: (p: SolveProgress) => void) => solvePhotonics(p, onProgress ? { ...ctx, onProgress } : ctx) as ChannelModeResult;
const mode = (r: ChannelModeResult, pol: 'TE' | 'TM', order = 0) => r.modes.find((m) => m.polarization === pol && m.order === order)!;

describe('channel modes, full-vectorial FD (default)', () => {
  // A 2 µm square window keeps the mode's tail off the walls (≲ 1e-3 of the peak).
  const converging = (grid: number, polarization = 'both') => solve(strip({ polarization }, { grid_nm: grid, window_nm: { width: 2000, height: 2000 }, max_modes: 1 }));

  it('converges to TE0 ≈ 2.44 and TM0 ≈ 1.77 for the 500 × 220 nm Si strip, an 80 nm grid off by 10⁻²', { timeout: 120_000 }, () => {
    const coarse = converging(80, 'TE');
    const mid = converging(25, 'TE');
    const fine = converging(20);
    // Measured with this solver (2 µm window, re-run for issue 15): 25 nm 2.4487, 20 nm 2.4493,
    // 15 nm 2.4449, 10 nm 2.4447 (the default window's 10 nm value too, which docs/photonics-solvers.md
    // quotes and docs-figures/mode.slow.test.ts recomputes); 80 nm (under 3 cells across the height)
    // is off by a few 10⁻².
    expect(Math.abs(mode(fine, 'TE').n_eff - 2.44)).toBeLessThan(0.01);
    expect(Math.abs(mode(mid, 'TE').n_eff - mode(fine, 'TE').n_eff)).toBeLessThan(0.005);
    expect(Math.abs(mode(coarse, 'TE').n_eff - mode(fine, 'TE').n_eff)).toBeGreaterThan(0.01);
    // TM0 (2 µm window): 1.7698 at 20 nm, 1.7718 at 10 nm.
    expect(mode(fine, 'TM').n_eff).toBeGreaterThan(1.74);
    expect(mode(fine, 'TM').n_eff).toBeLessThan(1.8);
    expect(mode(fine, 'TE').te_fraction!).toBeGreaterThan(0.95);
    expect(mode(fine, 'TM').te_fraction!).toBeLessThan(0.05);
    expect(fine.method).toMatch(/full-vectorial/);
    expect(fine.conventions.method).toMatch(/full-vectorial/);
    expect(fine.warnings.join('\n')).not.toMatch(/semi-vectorial model|under-resolved/);
    expect(coarse.warnings.join('\n')).toMatch(/under-resolved: grid_nm = 80/);
  });

  it('filters by polarization through the TE fraction, and maps |Ex|² and |Ey|² of every mode', () => {
    const te = solve(strip({ polarization: 'TE' }, { max_modes: 2 }));
    expect(te.modes.length).toBeGreaterThan(0);
    expect(te.modes.every((m) => m.polarization === 'TE' && m.te_fraction! > 0.5)).toBe(true);
    const tm = solve(strip({ polarization: 'TM' }, { max_modes: 1 }));
    expect(tm.modes.map((m) => m.polarization)).toEqual(['TM']);
    expect(tm.modes[0]!.te_fraction!).toBeLessThan(0.5);
    const maps = te.maps!;
    expect(maps).toHaveLength(2 * te.modes.length);
    expect(maps[0]!.id).toBe('TE0-1550nm-Ex');
    expect(maps[0]!.values).toHaveLength(te.grid.ny);
    expect(maps[0]!.values[0]).toHaveLength(te.grid.nx);
    expect(maps[0]!.x_nm).toEqual([-800, 800]);
    const all = maps.flatMap((m) => m.values.flat());
    expect(Math.max(...all)).toBeLessThanOrEqual(1);
    expect(Math.min(...all)).toBeGreaterThanOrEqual(0);
    // The dominant map of TE0 peaks at (nearly) the mode's |E|² peak; the minor one is far weaker.
    expect(Math.max(...maps[0]!.values.flat())).toBeGreaterThan(0.5);
    expect(Math.max(...maps[1]!.values.flat())).toBeLessThan(0.5);
  });

  it('gives the same modes with and without the mirror symmetry', () => {
    const half = solve(strip({}, { max_modes: 1 }));
    const whole = solve(strip({}, { max_modes: 1, symmetry: 'none' }));
    for (const pol of ['TE', 'TM'] as const) expect(mode(half, pol).n_eff).toBeCloseTo(mode(whole, pol).n_eff, 6);
  });

  it('computes n_g above n_eff, reports progress per eigen-solve, and guides a rib and a slot', () => {
    const events: SolveProgress[] = [];
    const r = solve(strip({ polarization: 'TE' }, { group_index: true, max_modes: 1 }), (p) => events.push(p));
    const m = r.modes[0]!;
    expect(m.n_g!).toBeGreaterThan(m.n_eff + 0.5);
    // One mirror class (TE0 has an even E_x) at three wavelengths.
    expect(events.at(-1)).toEqual({ stage: 'eigen-solve', done: 3, total: 3 });
    const rib = solve(strip({ polarization: 'TE' }, { shape: 'rib', slab_height_nm: 90, max_modes: 1 }));
    expect(rib.modes.length).toBe(1);
    const slot = solve(strip({ polarization: 'TE' }, { shape: 'slot', core: { material: si, width_nm: 250, height_nm: 220 }, gap_nm: 100, grid_nm: 25, max_modes: 1 }));
    expect(slot.modes.length).toBe(1);
    // The slot's quasi-TE field peaks in the gap (E_x jumps up by n_Si²/n_SiO2² at the rails' inner faces).
    const cut = slot.modes[0]!.cut_x;
    const peakAt = cut.x_nm[cut.field.reduce((best, v, i, a) => (Math.abs(v) > Math.abs(a[best]!) ? i : best), 0)]!;
    expect(Math.abs(peakAt)).toBeLessThan(50);
  });

  it('warns when the window cuts the mode, and sizes the largest whole window well under the memory limit', () => {
    const tight = solve(strip({ polarization: 'TE' }, { window_nm: { width: 600, height: 400 }, max_modes: 1 }));
    expect(tight.warnings.join('\n')).toMatch(/the window cuts it/);
    // 250 × 250 cells (the node limit) on the whole window: the banded LU needed ~960 MiB and was
    // refused; the sparse LU and Krylov basis need ~200 MiB (symbolic count).
    const big = parsePhotonicsProblem(strip({}, { grid_nm: 8, window_nm: { width: 2000, height: 2000 }, symmetry: 'none' }));
    let t = 0;
    const e = estimatePhotonics(big, ctx, { now: () => (t += 1) }, (p) => solvePhotonics(p, ctx));
    expect(e.memory_bytes).toBeLessThan(300 * 2 ** 20);
  });
});

describe('an absurd channel grid (issue 21: 0.01 nm gave "Invalid typed array length" or hung)', () => {
  it('is refused at once by solve and by estimate, naming the node count and the fix, before anything is allocated', () => {
    const tiny = parsePhotonicsProblem(strip({}, { grid_nm: 0.01 }));
    const started = Date.now();
    // 1600 nm / 0.01 nm × 1200 nm / 0.01 nm = 160 000 × 120 000 nodes.
    expect(() => solvePhotonics(tiny, ctx)).toThrow(/160000 × 120000 = 19200000000 nodes at grid_nm = 0.01, over the 62500 limit: use a larger grid_nm/);
    expect(() => estimatePhotonics(tiny, ctx, { now: Date.now }, (p) => solvePhotonics(p, ctx))).toThrow(/19200000000 nodes at grid_nm = 0.01, over the 4000000 limit/);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('channel modes, semi-vectorial FD (method: semi_vectorial)', () => {
  const semi = (extra: Record<string, unknown> = {}, structure: Record<string, unknown> = {}) => strip(extra, { method: 'semi_vectorial', ...structure });

  it('keeps its old values (quasi-TE0 above quasi-TM0) and states the model’s limitation', () => {
    const r = solve(semi());
    const te0 = mode(r, 'TE');
    const tm0 = mode(r, 'TM');
    // The values this solver gave before the full-vectorial one was added (same grid, same window).
    expect(te0.n_eff).toBeCloseTo(2.4841905139063094, 10);
    expect(tm0.n_eff).toBeCloseTo(1.8905582075782628, 10);
    expect(te0.confinement).toBeCloseTo(0.7431144164115695, 10);
    expect(te0.te_fraction).toBeNull();
    expect(r.maps).toBeUndefined();
    expect(r.method).toBe('semi-vectorial finite difference');
    expect(r.warnings.join('\n')).toMatch(/semi-vectorial model/);
    expect(r.warnings.join('\n')).toMatch(/under-resolved: grid_nm = 40 gives 5.5 cells/);
    expect(te0.cut_x.x_nm).toHaveLength(r.grid.nx);
  });

  it('computes a group index above n_eff for the silicon wire (material dispersion of literal indices is zero)', () => {
    const r = solve(semi({ polarization: 'TE' }, { group_index: true, max_modes: 1 }));
    const m = r.modes[0]!;
    expect(m.n_g).not.toBeNull();
    expect(m.n_g!).toBeGreaterThan(m.n_eff + 0.5);
  });

  it('guides a rib and a slot, warns when the window cuts the mode, and refuses a rib without its slab', () => {
    const rib = solve(semi({ polarization: 'TE' }, { shape: 'rib', slab_height_nm: 90, max_modes: 1 }));
    expect(rib.modes.length).toBe(1);
    const slot = solve(semi({ polarization: 'TE' }, { shape: 'slot', core: { material: si, width_nm: 250, height_nm: 220 }, gap_nm: 100, grid_nm: 25, max_modes: 1 }));
    expect(slot.modes.length).toBe(1);
    const tight = solve(semi({ polarization: 'TE' }, { window_nm: { width: 600, height: 400 }, max_modes: 1 }));
    expect(tight.warnings.join('\n')).toMatch(/the window cuts it/);
    expect(() => parsePhotonicsProblem(semi({}, { shape: 'rib' }))).toThrow(/slab_height_nm/);
  });
});

describe('channel mode estimate', () => {
  let t = 0;
  const now = () => (t += 1);

  it('semi-vectorial: probes a coarser grid, scaling as a fixed part + the sparse LU’s flops + 50 solves (one unknown per node)', () => {
    const problem = parsePhotonicsProblem(strip({ polarization: 'TE' }, { method: 'semi_vectorial' }));
    const e = estimatePhotonics(problem, ctx, { now }, (p) => solvePhotonics(p, ctx));
    expect(e.kind).toBe('mode');
    expect(e.unknowns).toBe(40 * 30);
    // Probe 20 × 15 nodes, full 40 × 30, whole window.
    const work = (nx: number, ny: number) => {
      const s = symbolicSize(nestedDissection(nx, ny, (i, j) => [j * nx + i]));
      return MODE_FIXED_WORK + s.flops + 50 * s.factorDoubles;
    };
    expect(e.calibration.scale).toBeCloseTo(work(40, 30) / work(20, 15), 9);
    expect(e.advice.join('\n')).toMatch(/semi-vectorial: 1200 unknowns/);
  });

  it('full-vectorial: 2 unknowns per cell on the quarter window (SiO2 above and below), scaling as a fixed part + the sparse LU’s flops + 100 solves', () => {
    const problem = parsePhotonicsProblem(strip());
    const e = estimatePhotonics(problem, ctx, { now }, (p) => solvePhotonics(p, ctx));
    // Quarter window 20 × 15 cells → 600 unknowns; probe (80 nm) 10 × 8 → 160.
    expect(e.unknowns).toBe(600);
    const work = (nx: number, ny: number) => {
      const s = symbolicSize(nestedDissection(nx, ny, (i, j) => [2 * (j * nx + i), 2 * (j * nx + i) + 1]));
      return MODE_FIXED_WORK + s.flops + 100 * s.factorDoubles;
    };
    expect(e.calibration.scale).toBeCloseTo(work(20, 15) / work(10, 8), 9);
    expect(e.advice.join('\n')).toMatch(/full-vectorial/);
  });
});
