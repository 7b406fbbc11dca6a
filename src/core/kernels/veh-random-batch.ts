/**
 * Seeded random VEH designs packed in the flat layout, for the parity suite and the benchmarks.
 * Ranges are deliberately wider than the task bounds (paper Appendix N: 20–80 mm, 100–500 µm, ...)
 * so parity also covers far-off-resonance, stiff, floppy, open- and short-circuit corners; every
 * material pair appears, and limits vary so both feasible and infeasible flags occur.
 */
import type { Rng } from '../agent/types.ts';
import { IN, INPUT_STRIDE } from '../veh/oracle-layout.ts';
import { packMaterials } from '../veh/oracle.ts';
import { PIEZO_IDS, PIEZO_MATERIALS, SUBSTRATE_IDS, SUBSTRATE_MATERIALS } from '../veh/materials.ts';

const logUniform = (rng: Rng, lo: number, hi: number): number => lo * Math.pow(hi / lo, rng.next());
const pickIndex = (rng: Rng, n: number): number => Math.min(n - 1, Math.floor(rng.next() * n));

/** Writes one random design into `buf` at slot `index`. */
export function writeRandomVehDesign(rng: Rng, buf: Float64Array, index: number): void {
  const o = index * INPUT_STRIDE;
  const piezo = PIEZO_MATERIALS[PIEZO_IDS[pickIndex(rng, PIEZO_IDS.length)] ?? 'PZT-5A'];
  const sub = SUBSTRATE_MATERIALS[SUBSTRATE_IDS[pickIndex(rng, SUBSTRATE_IDS.length)] ?? 'stainless_steel'];
  buf[o + IN.beamLengthMm] = logUniform(rng, 5, 150);
  buf[o + IN.beamWidthMm] = logUniform(rng, 1, 60);
  buf[o + IN.substrateThicknessUm] = logUniform(rng, 10, 2000);
  buf[o + IN.piezoThicknessUm] = logUniform(rng, 10, 1000);
  // One design in ten has no tip mass: the meff = 0.2357 mb branch.
  buf[o + IN.tipMassG] = rng.next() < 0.1 ? 0 : logUniform(rng, 0.01, 50);
  buf[o + IN.loadResistanceOhm] = logUniform(rng, 1, 1e9);
  buf[o + IN.frequencyHz] = logUniform(rng, 1, 5000);
  buf[o + IN.accelerationG] = logUniform(rng, 0.001, 10);
  packMaterials(buf, o, piezo, sub);
  buf[o + IN.dampingRatio] = logUniform(rng, 0.001, 0.2);
  buf[o + IN.maxStressMpa] = logUniform(rng, 1, 500);
  buf[o + IN.maxDispMm] = logUniform(rng, 0.1, 20);
  buf[o + IN.maxFreqErrorPct] = logUniform(rng, 0.5, 50);
  buf[o + IN.minPowerUw] = logUniform(rng, 0.01, 1000);
}

/** `count` random designs in a fresh input buffer. */
export function randomVehBatch(rng: Rng, count: number): Float64Array {
  const buf = new Float64Array(count * INPUT_STRIDE);
  for (let i = 0; i < count; i++) writeRandomVehDesign(rng, buf, i);
  return buf;
}
