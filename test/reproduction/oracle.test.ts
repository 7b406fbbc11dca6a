// The reproduction oracle in Node answers the VEH harvester synchronously with the oracle's result
// object (the sandbox's host calls cannot wait for a promise: one arrived inside the sandbox as {}).
import { describe, expect, it } from 'vitest';
import { createNodeReproductionOracle } from '../../src/adapters/node/reproduction-oracle.ts';

describe('reproduction oracle: veh', () => {
  it('returns the harvester result itself, not a promise', async () => {
    const oracle = await createNodeReproductionOracle();
    const r = oracle.veh({ design: { beam_length_mm: 30, beam_width_mm: 10, substrate_thickness_um: 200, piezo_thickness_um: 200, tip_mass_g: 1, load_resistance_ohm: 1e5 }, excitation: { frequency_hz: 100, acceleration_g: 0.5 } }) as { resonant_freq_hz?: unknown; internal_capacitance_f?: unknown };
    expect(r).not.toBeInstanceOf(Promise);
    expect(typeof r.resonant_freq_hz).toBe('number');
    expect(r.internal_capacitance_f as number).toBeGreaterThan(0);
  });
});
