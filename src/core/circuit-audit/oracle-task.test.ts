import { describe, expect, it } from 'vitest';
import { circuitRequestFor } from './oracle-task.ts';
import { evaluateCircuit } from './oracle.ts';

const task = {
  family: 'rc_lowpass' as const,
  context: { vin_v: 5, target_value: 1000, stray_pf: 200, winding_pf: 0, load_ohm: null },
  constraints: [
    { name: 'max_target_error_pct' as const, limit: 2 },
    { name: 'max_source_current_ma' as const, limit: 0.5 },
  ],
};

describe('circuitRequestFor', () => {
  it('builds the request from the task and enforces exactly its constraints', () => {
    // R = 15 kΩ: I = 5 V / 15 kΩ = 0.3333 mA, slack 0.5 − 0.3333 = 0.1667 mA; no tolerance limit in this task.
    const r = evaluateCircuit(circuitRequestFor(task, { r_ohm: 15000, c_nf: 10.6 }));
    expect(r.slacks.max_source_current_ma).toBeCloseTo(0.16667, 5);
    expect(r.slacks.max_tolerance_shift_pct).toBeNull();
  });

  it('rejects a design with the wrong variables for the family', () => {
    expect(() => circuitRequestFor(task, { r1_ohm: 1, r2_ohm: 2 })).toThrow(/design\.r_ohm is required for rc_lowpass/);
  });
});
