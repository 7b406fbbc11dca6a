/**
 * One parity suite, run for every backend the Node registry knows (reference, wasm): each must
 * reproduce the TypeScript reference (src/core/veh/oracle-reference.ts) bit for bit — Object.is per
 * double, so even -0 vs +0 or a one-ulp drift fails. The reference itself runs the suite too, which
 * catches hidden state (scratch buffers, chunking) rather than arithmetic.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createNodeVehBackendRegistry } from '../../adapters/node/veh-wasm.ts';
import { createRng } from '../stats/rng.ts';
import { IN, INPUT_STRIDE, OUT, OUTPUT_STRIDE } from '../veh/oracle-layout.ts';
import { evaluateBatch as referenceBatch } from '../veh/oracle-reference.ts';
import { PIEZO_IDS, PIEZO_MATERIALS, SUBSTRATE_IDS, SUBSTRATE_MATERIALS } from '../veh/materials.ts';
import type { VehOracleBackend } from './veh-backend.ts';
import { randomVehBatch } from './veh-random-batch.ts';

const RANDOM_DESIGNS = 10_000;
const SEED = 20240601;

const OUT_NAMES = Object.fromEntries(Object.entries(OUT).map(([name, k]) => [k, name])) as Record<number, string>;

function bits(x: number): string {
  const v = new DataView(new ArrayBuffer(8));
  v.setFloat64(0, x);
  return `0x${v.getBigUint64(0).toString(16).padStart(16, '0')}`;
}

/** Every position where `actual` differs from `expected` under Object.is, described for a failure message. */
function mismatches(expected: Float64Array, actual: Float64Array, limit = 5): string[] {
  const found: string[] = [];
  if (expected.length !== actual.length) return [`length ${actual.length} ≠ ${expected.length}`];
  for (let k = 0; k < expected.length && found.length < limit; k++) {
    const e = expected[k] as number;
    const a = actual[k] as number;
    if (!Object.is(e, a)) {
      const design = Math.floor(k / OUTPUT_STRIDE);
      found.push(`design ${design} ${OUT_NAMES[k % OUTPUT_STRIDE]}: ${a} (${bits(a)}) ≠ ${e} (${bits(e)})`);
    }
  }
  return found;
}

function evaluate(backend: VehOracleBackend, input: Float64Array, count: number): Float64Array {
  const out = new Float64Array(count * OUTPUT_STRIDE);
  backend.evaluateBatch(input, count, out);
  return out;
}

function referenceOf(input: Float64Array): Float64Array {
  const count = input.length / INPUT_STRIDE;
  const out = new Float64Array(count * OUTPUT_STRIDE);
  referenceBatch(input, count, out);
  return out;
}

/** A mid-range design (the paper's Appendix N example: 55 mm, 15 mm, 280 µm, 150 µm, 2.5 g, 10 kΩ at 50 Hz, 0.5 g), PZT-5A on steel. */
function baseDesign(): number[] {
  const d = new Array<number>(INPUT_STRIDE).fill(0);
  const p = PIEZO_MATERIALS['PZT-5A'];
  const s = SUBSTRATE_MATERIALS.stainless_steel;
  d[IN.beamLengthMm] = 55;
  d[IN.beamWidthMm] = 15;
  d[IN.substrateThicknessUm] = 280;
  d[IN.piezoThicknessUm] = 150;
  d[IN.tipMassG] = 2.5;
  d[IN.loadResistanceOhm] = 10_000;
  d[IN.frequencyHz] = 50;
  d[IN.accelerationG] = 0.5;
  d[IN.d31] = p.d31;
  d[IN.eps33Rel] = p.eps33Rel;
  d[IN.piezoModulusPa] = p.modulusPa;
  d[IN.piezoDensity] = p.density;
  d[IN.substrateModulusPa] = s.modulusPa;
  d[IN.substrateDensity] = s.density;
  d[IN.dampingRatio] = 0.01;
  d[IN.maxStressMpa] = 50;
  d[IN.maxDispMm] = 5;
  d[IN.maxFreqErrorPct] = 5;
  d[IN.minPowerUw] = 1;
  return d;
}

const variant = (overrides: Partial<Record<keyof typeof IN, number>>): number[] => {
  const d = baseDesign();
  for (const [key, value] of Object.entries(overrides)) d[IN[key as keyof typeof IN]] = value as number;
  return d;
};

/** Corners the random set is unlikely to hit exactly: singular, degenerate, overflow and boundary inputs. */
function edgeCases(): Float64Array {
  const base = baseDesign();
  const baseOut = referenceOf(Float64Array.from(base));
  const fr = baseOut[OUT.resonantFreqHz] as number;
  const cases: number[][] = [
    base,
    variant({ tipMassG: 0 }),
    variant({ accelerationG: 0 }), // W = V = P = σ = 0
    variant({ loadResistanceOhm: 1e15 }), // open circuit
    variant({ loadResistanceOhm: 1e-12 }), // short circuit
    variant({ frequencyHz: fr }), // exactly at resonance
    variant({ frequencyHz: fr, dampingRatio: 0, loadResistanceOhm: 1e-300 }), // near-singular |D|
    variant({ frequencyHz: fr, dampingRatio: 0, loadResistanceOhm: 0 }), // |D| = 0 → W = ∞, P = NaN
    variant({ dampingRatio: 0 }),
    variant({ beamLengthMm: 1e-3, substrateThicknessUm: 1e6 }),
    variant({ beamLengthMm: 1e6, piezoThicknessUm: 1e-3 }),
    variant({ accelerationG: 1e300 }), // overflow to ∞
    variant({ piezoThicknessUm: 5e-324 }), // subnormal input
    variant({ frequencyHz: Number.NaN }),
    variant({ beamLengthMm: -55 }), // rejected by the schema, but the kernel must still agree
    variant({ substrateThicknessUm: 150, piezoThicknessUm: 150, substrateModulusPa: 61e9, substrateDensity: 7750 }), // one material
    variant({ d31: 0 }), // θ = 0: no electrical damping, V = P = 0
    variant({ maxStressMpa: 0, maxDispMm: 0, maxFreqErrorPct: 0, minPowerUw: 0 }),
    variant({ minPowerUw: -0 }),
  ];
  // Limits exactly at the computed values: slack is 0 (or -0), which counts as feasible.
  cases.push(
    variant({
      maxStressMpa: baseOut[OUT.tipStressMpa] as number,
      maxDispMm: baseOut[OUT.tipDispMm] as number,
      maxFreqErrorPct: baseOut[OUT.freqErrorPct] as number,
      minPowerUw: baseOut[OUT.loadPowerUw] as number,
    }),
  );
  for (const p of PIEZO_IDS) {
    for (const s of SUBSTRATE_IDS) {
      const m = PIEZO_MATERIALS[p];
      const sub = SUBSTRATE_MATERIALS[s];
      cases.push(
        variant({
          d31: m.d31,
          eps33Rel: m.eps33Rel,
          piezoModulusPa: m.modulusPa,
          piezoDensity: m.density,
          substrateModulusPa: sub.modulusPa,
          substrateDensity: sub.density,
        }),
      );
    }
  }
  return Float64Array.from(cases.flat());
}

describe('parity harness', () => {
  it('detects a one-ulp difference and a signed zero', () => {
    const a = Float64Array.from([1, 0, 3]);
    const b = Float64Array.from([1 + Number.EPSILON, -0, 3]);
    expect(mismatches(a, b)).toHaveLength(2);
    expect(mismatches(a, Float64Array.from(a))).toEqual([]);
    expect(mismatches(Float64Array.from([Number.NaN]), Float64Array.from([Number.NaN]))).toEqual([]);
  });

  it('random designs cover every material pair and both feasibility outcomes', () => {
    const input = randomVehBatch(createRng(SEED), RANDOM_DESIGNS);
    const pairs = new Set<string>();
    for (let i = 0; i < RANDOM_DESIGNS; i++) pairs.add(`${input[i * INPUT_STRIDE + IN.d31]}|${input[i * INPUT_STRIDE + IN.substrateModulusPa]}`);
    expect(pairs.size).toBe(PIEZO_IDS.length * SUBSTRATE_IDS.length);
    const out = referenceOf(input);
    let feasible = 0;
    for (let i = 0; i < RANDOM_DESIGNS; i++) feasible += out[i * OUTPUT_STRIDE + OUT.feasible] as number;
    expect(feasible).toBeGreaterThan(0);
    expect(feasible).toBeLessThan(RANDOM_DESIGNS);
  });
});

const registry = createNodeVehBackendRegistry();

describe.each(registry.ids())('backend %s is bit-identical to the reference', (id) => {
  let backend: VehOracleBackend;
  const random = randomVehBatch(createRng(SEED), RANDOM_DESIGNS);
  const randomExpected = referenceOf(random);
  const edges = edgeCases();
  const edgesExpected = referenceOf(edges);

  beforeAll(async () => {
    backend = await registry.create(id);
  });

  it(`${RANDOM_DESIGNS} seeded random designs in one batch`, () => {
    expect(mismatches(randomExpected, evaluate(backend, random, RANDOM_DESIGNS))).toEqual([]);
  });

  it('edge cases', () => {
    const count = edges.length / INPUT_STRIDE;
    expect(mismatches(edgesExpected, evaluate(backend, edges, count))).toEqual([]);
  });

  it('the same designs in chunks of changing size (buffer growth and reuse)', () => {
    const rng = createRng(SEED + 1);
    const sizes = [1, 2, 3, 4, 17, 255, 256, 257, 1, 3000, 5, 5000];
    const out = new Float64Array(RANDOM_DESIGNS * OUTPUT_STRIDE);
    let start = 0;
    for (let c = 0; start < RANDOM_DESIGNS; c++) {
      const size = Math.min(sizes[c] ?? 1 + rng.int(700), RANDOM_DESIGNS - start);
      // Oversized input and output views: a backend must use only `count` slots of each.
      const input = random.subarray(start * INPUT_STRIDE, Math.min(random.length, (start + size + 1) * INPUT_STRIDE));
      const chunkOut = new Float64Array((size + 1) * OUTPUT_STRIDE).fill(-1);
      backend.evaluateBatch(input, size, chunkOut);
      expect(chunkOut.subarray(size * OUTPUT_STRIDE).every((v) => v === -1)).toBe(true);
      out.set(chunkOut.subarray(0, size * OUTPUT_STRIDE), start * OUTPUT_STRIDE);
      start += size;
    }
    expect(mismatches(randomExpected, out)).toEqual([]);
  });

  it('a zero-size batch writes nothing', () => {
    const out = new Float64Array(OUTPUT_STRIDE).fill(7);
    backend.evaluateBatch(new Float64Array(0), 0, out);
    expect(Array.from(out)).toEqual(new Array<number>(OUTPUT_STRIDE).fill(7));
  });
});
