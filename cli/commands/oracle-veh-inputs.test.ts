/**
 * Inputs that misled `oracle veh` (issue 21): a load so large the model overflows printed `null`
 * results with exit 0; an unknown constraint name said only "constraints: Invalid input"; a huge
 * material name was echoed in full. Each now stops the command (exit 2) with a message that says
 * what is wrong, and echoes of input are cut to 200 characters.
 */
import { describe, expect, it } from 'vitest';
import { EXIT_BAD_INPUT, oracleVehCommand } from './oracle-veh.ts';

const DESIGN = { beam_length_mm: 55, beam_width_mm: 15, substrate_thickness_um: 280, piezo_thickness_um: 150, tip_mass_g: 2.5, load_resistance_ohm: 10000 };
const EXCITATION = { frequency_hz: 100, acceleration_g: 0.5 };

async function run(...requests: unknown[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  async function* stdin(): AsyncIterable<string> {
    for (const r of requests) yield JSON.stringify(r);
  }
  const code = await oracleVehCommand({ stdin: stdin(), stdout: (s) => void out.push(s), stderr: (s) => void err.push(s) });
  return { code, out, err };
}

describe('oracle veh: inputs that mislead', () => {
  it('a 1e308 Ω load exits 2 naming the non-finite results, after answering the lines before', async () => {
    const r = await run({ design: DESIGN, excitation: EXCITATION }, { design: { ...DESIGN, load_resistance_ohm: 1e308 }, excitation: EXCITATION });
    expect(r.code).toBe(EXIT_BAD_INPUT);
    expect(r.out).toHaveLength(1);
    expect(r.err[0]).toMatch(/^line 2: the oracle gives no finite load_power_uw, .* for this request \(.*load 1e\+308 Ω.*\): an input is far outside the physical range/);
    expect(r.out.join('\n')).not.toContain('null');
  });

  it.each([
    ['an object key', { max_temp_c: 3 }],
    ['a list name', [{ name: 'max_temp_c', limit: 3 }]],
  ])('an unknown constraint (%s) is named, with the known ones', async (_what, constraints) => {
    const r = await run({ design: DESIGN, excitation: EXCITATION, constraints });
    expect(r.code).toBe(EXIT_BAD_INPUT);
    expect(r.err[0]).toBe('line 1: invalid oracle request: constraints: unknown constraint "max_temp_c"; known: max_stress_mpa, max_disp_mm, max_freq_error_pct, min_power_uw');
  });

  it('a huge material name is echoed cut to 200 characters with its length', async () => {
    const name = 'q'.repeat(5_000_000);
    const r = await run({ design: DESIGN, excitation: EXCITATION, environment: { piezo_material: name } });
    expect(r.code).toBe(EXIT_BAD_INPUT);
    expect(r.err[0]).toContain(`unknown piezo material "${'q'.repeat(200)}… (5000000 chars)"; known:`);
    expect(r.err[0]?.length).toBeLessThan(1000);
  });
});
