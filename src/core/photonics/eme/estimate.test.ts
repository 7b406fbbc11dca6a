import { describe, expect, it } from 'vitest';
import { literalResolver } from '../literal-resolver.ts';
import { EmeProblemSchema } from './problem.ts';
import { estimateEme } from './estimate.ts';

const ctx = { materials: literalResolver };
const core = { n: 2, k: 0 };

function mmi(modes: number, lengths: number, polarization: 'TE' | 'TM' = 'TE') {
  return EmeProblemSchema.parse({
    kind: 'eme',
    polarization,
    cladding: { n: 1.45, k: 0 },
    window_um: 8,
    wavelength_nm: 1550,
    modes,
    sections: [
      { length_um: 1, cores: [{ center_um: 0, width_um: 1.2, material: core }] },
      { length_um: 24, cores: [{ center_um: 0, width_um: 4, material: core }] },
      { length_um: 1, cores: [{ center_um: 0, width_um: 1.2, material: core }] },
    ],
    sweep: { section: 1, lengths_um: Array.from({ length: lengths }, (_, i) => 20 + i * 0.1) },
  });
}

/** A clock that advances 0.5 ms per reading: every timed probe part then "takes" exactly 0.5 ms, so only the scaling is tested. */
function tickingClock(): () => number {
  let t = 0;
  return () => (t += 0.5);
}

describe('estimateEme', () => {
  it('reports the grid size, memory and a probe-calibrated time that grows with modes³ and swept lengths', () => {
    const small = estimateEme(mmi(24, 10), ctx, { now: tickingClock() });
    const moreModes = estimateEme(mmi(48, 10), ctx, { now: tickingClock() });
    const moreLengths = estimateEme(mmi(24, 1000), ctx, { now: tickingClock() });
    expect(small.kind).toBe('eme');
    expect(small.unknowns).toBe(399); // 8 µm / 20 nm = 400 steps, 399 interior points
    expect(small.calibration.probe_ms).toBeCloseTo(1.5, 12);
    // Each timed part is 0.5 ms with this clock; star products and junctions scale (48/24)³ = 8.
    expect(moreModes.expected_seconds).toBeGreaterThan(4 * small.expected_seconds);
    expect(moreLengths.expected_seconds).toBeGreaterThan(10 * small.expected_seconds);
    expect(moreModes.memory_bytes).toBeGreaterThan(small.memory_bytes);
    expect(small.advice.join(' ')).toContain('modes');
  });

  it('advises more modes for a first-look basis', () => {
    const e = estimateEme(mmi(8, 1), ctx, { now: tickingClock() });
    expect(e.advice.some((a) => a.includes('first look'))).toBe(true);
  });

  it('probes in the problem\'s polarisation and says which', () => {
    const te = estimateEme(mmi(24, 10), ctx, { now: tickingClock() });
    const tm = estimateEme(mmi(24, 10, 'TM'), ctx, { now: tickingClock() });
    expect(te.advice[0]).toMatch(/^TE: 399 transverse grid points/);
    expect(tm.advice[0]).toMatch(/^TM: 399 transverse grid points/);
    expect(tm.unknowns).toBe(te.unknowns);
  });
});
