import { describe, expect, it } from 'vitest';
import { referenceCircuitBackend } from '../../src/core/kernels/circuit-reference-backend.ts';
import { createDirectCircuitOracle } from '../../src/core/circuit-audit/oracle-direct.ts';
import { createNodeCircuitOracle } from '../../src/adapters/node/circuit-wasm.ts';
import { evaluateCircuit, parseCircuitRequest } from '../../src/core/circuit-audit/oracle.ts';
import { EXIT_BAD_INPUT } from './oracle-veh.ts';
import { oracleCircuitCommand } from './oracle-circuit.ts';

function fakeIo(...input: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  async function* lines(): AsyncIterable<string> {
    for (const l of input) yield l;
  }
  return { io: { stdin: lines(), stdout: (s: string) => void out.push(s), stderr: (s: string) => void err.push(s) }, out, err };
}

const reference = { ...createDirectCircuitOracle(referenceCircuitBackend), skipped: [] };

// Appendix N.8 step 1 (data/circuit/README.md): R 20 kΩ, C 7.96 nF, 5 V source, 1 kHz target, 200 pF stray.
const N8_STEP1 = {
  family: 'rc_lowpass',
  design: { r_ohm: 20000, c_nf: 7.96 },
  context: { vin_v: 5, target_value: 1000, stray_pf: 200 },
  constraints: [
    { name: 'max_target_error_pct', limit: 1 },
    { name: 'max_source_current_ma', limit: 0.5 },
    { name: 'max_tolerance_shift_pct', limit: 2 },
  ],
};

describe('oracle circuit command', () => {
  it('answers each line with the full-precision result, target meaning, limits and backend', async () => {
    const f = fakeIo(JSON.stringify(N8_STEP1), '', JSON.stringify({ ...N8_STEP1, design: { r_ohm: 15000, c_nf: 10.6 } }));
    expect(await oracleCircuitCommand(f.io, { oracle: reference })).toBe(0);
    expect(f.out).toHaveLength(2);
    const first = JSON.parse(f.out[0] as string) as Record<string, unknown>;
    // Bitwise the pure reference evaluator's result (JSON round trip keeps doubles exact).
    expect(first).toMatchObject(JSON.parse(JSON.stringify(evaluateCircuit(parseCircuitRequest(N8_STEP1)))) as Record<string, unknown>);
    // Closed forms: fc = 1/(2πRC) ≈ 999.7 Hz, I = 5 V / 20 kΩ = 0.25 mA, shift = 200/(7960+200) ≈ 2.45 % > 2 %.
    expect(first.target_value).toBeCloseTo(1 / (2 * Math.PI * 20000 * 7.96e-9), 6);
    expect(first.source_current_ma).toBeCloseTo(0.25, 12);
    expect(first.tolerance_shift_pct).toBeCloseTo((100 * 200) / 8160, 9);
    expect(first).toMatchObject({ feasible: false, target: { quantity: 'cutoff_hz', unit: 'Hz' }, limits: { max_source_current_ma: 0.5 }, backend: 'reference' });
    // N.8 step 3 (R 15 kΩ, C 10.6 nF) is the feasible recovery.
    expect(JSON.parse(f.out[1] as string)).toMatchObject({ feasible: true });
  });

  it('stops at the first bad line with exit 2, naming the line and the problem', async () => {
    const f = fakeIo(JSON.stringify(N8_STEP1), JSON.stringify({ ...N8_STEP1, design: { r_ohm: 20000 } }), JSON.stringify(N8_STEP1));
    expect(await oracleCircuitCommand(f.io, { oracle: reference })).toBe(EXIT_BAD_INPUT);
    expect(f.out).toHaveLength(1);
    expect(f.err).toHaveLength(1);
    expect(f.err[0]).toMatch(/^line 2: invalid circuit request: .*c_nf/);
    const g = fakeIo('{not json');
    expect(await oracleCircuitCommand(g.io, { oracle: reference })).toBe(EXIT_BAD_INPUT);
    expect(g.err[0]).toMatch(/^line 1: invalid JSON/);
  });

  it.each([
    ['an object key', { max_temp: 1 }],
    ['a list name', [{ name: 'max_temp', limit: 1 }]],
  ])('an unknown constraint (%s) is named with the known ones, exit 2 (issue 21)', async (_what, constraints) => {
    const f = fakeIo(JSON.stringify({ ...N8_STEP1, constraints }));
    expect(await oracleCircuitCommand(f.io, { oracle: reference })).toBe(EXIT_BAD_INPUT);
    expect(f.err[0]).toBe('line 1: invalid circuit request: constraints: unknown constraint "max_temp"; known: max_target_error_pct, max_source_current_ma, max_power_mw, max_tolerance_shift_pct, min_q');
  });

  it('inputs so far out that the cutoff overflows exit 2 naming the non-finite outputs, after the lines before (issue 21)', async () => {
    // fc = 1/(2πRC) with R = 1e-300 Ω and C = 1e-300 nF is ~1e608 Hz: +∞ in double precision, printed as null before.
    for (const oracle of [reference, await createNodeCircuitOracle()]) {
      const g = fakeIo(JSON.stringify(N8_STEP1), JSON.stringify({ ...N8_STEP1, design: { r_ohm: 1e-300, c_nf: 1e-300 } }));
      expect(await oracleCircuitCommand(g.io, { oracle })).toBe(EXIT_BAD_INPUT);
      expect(g.out).toHaveLength(1); // the good line only; the overflowed one prints nothing
      expect(JSON.parse(g.out[0] as string)).toMatchObject({ family: 'rc_lowpass', target: { quantity: 'cutoff_hz' } });
      expect(g.err[0]).toMatch(/^line 2: the oracle gives no finite target_value, target_error_pct, bandwidth_hz for this request \(rc_lowpass, design \{"r_ohm":1e-300,"c_nf":1e-300\}\): an input is far outside the physical range/);
    }
  });

  it('notes the fallback when the WASM file is missing', async () => {
    const f = fakeIo(JSON.stringify(N8_STEP1));
    expect(await oracleCircuitCommand(f.io, { oracle: createNodeCircuitOracle('/missing/circuit-oracle.wasm') })).toBe(0);
    expect(f.err[0]).toMatch(/^note: wasm unavailable: .*using the reference backend$/);
  });
});
