/**
 * Both Mie kernels (TypeScript reference and WASM) against high-precision evaluations of the
 * homogeneous sphere, issue 15:
 *  - HP: ./hp-reference.json, written by scripts/mie-hp-reference.py (mpmath, 60+ digits, ψₙ and χₙ by
 *    upward recurrence with guard digits, Dₙ(mx) by downward recurrence from far above |mx|; every
 *    value checked against a rerun 40 digits higher from twice as far up). Same n_max as series.ts, so
 *    these test the arithmetic, not the truncation.
 *  - x = kπ and kπ(1 ± 1e-12), k = 1 … 20, m = 1.5 and 1.5 + 0.1i: where ψ₀ = sin x vanishes and the old
 *    ψₙ = sin x·Πρₖ lost every digit (Qext 1.381 instead of 2.584 at x = 2π). 1e-12 relative.
 *  - 1000 seeded random spheres, x log-uniform in [0.01, 1e4], five index families, embedded in a scan of
 *    10⁵ spheres that the WASM kernel must pass without a non-finite or unphysical output.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNodeWasmMieKernel } from '../../../adapters/node/mie-wasm.ts';
import { createRng } from '../../stats/rng.ts';
import type { MieKernel } from './kernel.ts';
import { MIE_OUT, MIE_OUTPUT_STRIDE, SPHERE_IN, SPHERE_INPUT_STRIDE } from './layout.ts';
import { randomSphereBatch } from './random-batch.ts';
import { referenceMieKernel } from './reference.ts';
import { mieTermCount } from './series.ts';
import type { WasmMieKernel } from './wasm-kernel.ts';

interface HpRow {
  readonly m: [number, number];
  readonly x: number;
  readonly nMax: number;
  readonly qext: string;
  readonly qsca: string;
  readonly qback: string;
  readonly g: string;
}
interface HpFile {
  readonly multiplesOfPi: (HpRow & { k: number; form: string })[];
  readonly randomScan: (HpRow & { family: string })[];
}
const HP = JSON.parse(readFileSync(new URL('./hp-reference.json', import.meta.url), 'utf8')) as HpFile;

const OUTPUTS = ['qext', 'qsca', 'qback', 'g'] as const;

let wasm: WasmMieKernel;
beforeAll(async () => {
  wasm = await loadNodeWasmMieKernel();
});

function spheres(kernel: MieKernel, rows: readonly HpRow[]): Float64Array {
  const input = new Float64Array(rows.length * SPHERE_INPUT_STRIDE);
  rows.forEach((r, i) => {
    input[i * SPHERE_INPUT_STRIDE + SPHERE_IN.mRe] = r.m[0];
    input[i * SPHERE_INPUT_STRIDE + SPHERE_IN.mIm] = r.m[1];
    input[i * SPHERE_INPUT_STRIDE + SPHERE_IN.x] = r.x;
  });
  const out = new Float64Array(rows.length * MIE_OUTPUT_STRIDE);
  kernel.spheres(input, rows.length, out);
  return out;
}

/** Largest |got/HP − 1| per output over the rows, with where it happened. */
function worstRelative(out: Float64Array, rows: readonly HpRow[]): Record<(typeof OUTPUTS)[number], { err: number; where: string }> {
  const worst = Object.fromEntries(OUTPUTS.map((k) => [k, { err: 0, where: 'none' }])) as Record<(typeof OUTPUTS)[number], { err: number; where: string }>;
  rows.forEach((r, i) => {
    for (const k of OUTPUTS) {
      const got = out[i * MIE_OUTPUT_STRIDE + MIE_OUT[k]] as number;
      const err = Math.abs(got / Number(r[k]) - 1);
      if (!(err <= worst[k].err)) worst[k] = { err: Number.isNaN(err) ? Infinity : err, where: `m = ${r.m[0]} + ${r.m[1]}i, x = ${r.x}: ${got} vs ${r[k]}` };
    }
  });
  return worst;
}

const kernels = (): [string, MieKernel][] => [
  ['TypeScript reference', referenceMieKernel],
  ['WASM', wasm],
];

describe('homogeneous sphere at x = kπ and kπ(1 ± 1e-12) against 60-digit evaluations (HP)', () => {
  it('the table holds the doubles k·π and k·π·(1 ± 1e-12), k = 1 … 20, with this code’s n_max', () => {
    expect(HP.multiplesOfPi).toHaveLength(120);
    for (const r of HP.multiplesOfPi) {
      const x = r.form === 'k*pi' ? r.k * Math.PI : r.form === 'k*pi*(1-1e-12)' ? r.k * Math.PI * (1 - 1e-12) : r.k * Math.PI * (1 + 1e-12);
      expect(r.x).toBe(x);
      expect(r.nMax).toBe(mieTermCount(r.x));
    }
  });

  it.each(['TypeScript reference', 'WASM'])('%s: Qext, Qsca, Qback, g to 1e-12 relative, absorbing or not', (name) => {
    const kernel = kernels().find(([n]) => n === name)![1];
    const worst = worstRelative(spheres(kernel, HP.multiplesOfPi), HP.multiplesOfPi);
    for (const k of OUTPUTS) expect(worst[k].err, `${k}: ${worst[k].where}`).toBeLessThanOrEqual(1e-12);
  });
});

describe('1000 random spheres, x in [0.01, 1e4], against 60-digit evaluations (HP)', () => {
  // Rounding in any double-precision evaluation acts like a perturbation of x by a few ulps; on a sharp
  // resonance (m = 3.93, x = 1136.19: Qback = 735) that alone moves Q by 4.6e-12 relative, whatever the
  // algorithm. So each output is held to 1e-12 relative plus 64 ε κ, κ = |x ∂Q/∂x|/|Q| its condition
  // number in x (central difference, step 1e-9 x). Measured worst, as a fraction of that bound: Qext and
  // Qsca 0.03. Qback is an alternating sum whose terms cancel at large absorbing or metallic spheres:
  // 1.6e-11 relative at x = 8165 (metal), so it gets 5e-11 in place of 1e-12. g is O(x²) at small x,
  // where its sums cancel: 1.5e-10 relative but 5e-15 absolute (x = 0.0147), hence a 1e-14 absolute floor.
  const EPS = Number.EPSILON;
  const BASE = { qext: 1e-12, qsca: 1e-12, qback: 5e-11, g: 1e-12 };
  const FLOOR = { qext: 0, qsca: 0, qback: 0, g: 1e-14 };

  it('the table holds 1000 spheres of every family with this code’s n_max', () => {
    expect(HP.randomScan).toHaveLength(1000);
    for (const f of ['dielectric', 'bubble', 'weak_absorber', 'absorber', 'metal']) expect(HP.randomScan.filter((r) => r.family === f)).toHaveLength(200);
    for (const r of HP.randomScan) expect(r.nMax).toBe(mieTermCount(r.x));
  });

  it.each(['TypeScript reference', 'WASM'])('%s: within 1e-12 (Qback 5e-11) relative plus 64 ε times the condition number in x', (name) => {
    const kernel = kernels().find(([n]) => n === name)![1];
    const rows = HP.randomScan;
    const got = spheres(kernel, rows);
    const step = 1e-9;
    const up = spheres(wasm, rows.map((r) => ({ ...r, x: r.x * (1 + step) })));
    const down = spheres(wasm, rows.map((r) => ({ ...r, x: r.x * (1 - step) })));
    let worst = { ratio: 0, where: 'none' };
    rows.forEach((r, i) => {
      for (const k of OUTPUTS) {
        const j = i * MIE_OUTPUT_STRIDE + MIE_OUT[k];
        const ref = Number(r[k]);
        const kappa = Math.abs((up[j] as number) - (down[j] as number)) / (2 * step * Math.abs(ref));
        const tolerance = (BASE[k] + 64 * EPS * kappa) * Math.abs(ref) + FLOOR[k];
        const ratio = Math.abs((got[j] as number) - ref) / tolerance;
        if (!(ratio <= worst.ratio)) worst = { ratio: Number.isNaN(ratio) ? Infinity : ratio, where: `${k} at m = ${r.m[0]} + ${r.m[1]}i, x = ${r.x}: ${got[j]} vs ${r[k]} (κ = ${kappa.toExponential(1)})` };
      }
    });
    if (process.env.MIE_HP_VERBOSE) console.log(name, worst);
    expect(worst.ratio, worst.where).toBeLessThanOrEqual(1);
  });

  it('a scan of 10⁵ spheres (the 1000 above among 99,000 seeded random ones) has only finite, physical outputs (WASM)', () => {
    const extra = 99_000;
    const random = randomSphereBatch(createRng(20261202), extra, 0.01, 1e4);
    const count = extra + HP.randomScan.length;
    const input = new Float64Array(count * SPHERE_INPUT_STRIDE);
    input.set(random);
    HP.randomScan.forEach((r, i) => input.set([r.m[0], r.m[1], r.x], (extra + i) * SPHERE_INPUT_STRIDE));
    const out = new Float64Array(count * MIE_OUTPUT_STRIDE);
    wasm.spheres(input, count, out);
    const bad: string[] = [];
    for (let i = 0; i < count && bad.length < 5; i++) {
      const [qext, qsca, qback, g] = OUTPUTS.map((k) => out[i * MIE_OUTPUT_STRIDE + MIE_OUT[k]] as number) as [number, number, number, number];
      const mIm = input[i * SPHERE_INPUT_STRIDE + SPHERE_IN.mIm] as number;
      // Qsca ≤ Qext (absorption ≥ 0), equal for real m; |g| ≤ 1; Qback ≥ 0
      const absorbed = (qext - qsca) / qext;
      const ok = [qext, qsca, qback, g].every(Number.isFinite) && qsca > 0 && qback >= 0 && Math.abs(g) <= 1 && (mIm === 0 ? Math.abs(absorbed) < 1e-12 : absorbed > -1e-12);
      if (!ok) bad.push(`x = ${input[i * SPHERE_INPUT_STRIDE + SPHERE_IN.x]}, m = ${input[i * SPHERE_INPUT_STRIDE]} + ${mIm}i: ${qext}, ${qsca}, ${qback}, ${g}`);
    }
    expect(bad).toEqual([]);
  });
});
