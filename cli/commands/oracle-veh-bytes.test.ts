/**
 * `oracle veh` reading stdin's bytes through the WASM request reader must answer exactly as the text
 * path (JSON.parse, the hand check, the schema) does: the same lines, the same errors on the same
 * line numbers, the same exit codes — for lines the reader takes, lines it hands back, bad lines,
 * and any chunking of the input.
 */
import { describe, expect, it } from 'vitest';
import { EXIT_BAD_INPUT, MAX_LINE_BYTES, oracleVehCommand } from './oracle-veh.ts';

const DESIGN = { beam_length_mm: 55.5, beam_width_mm: 15, substrate_thickness_um: 280, piezo_thickness_um: 150, tip_mass_g: 2.5, load_resistance_ohm: 10000 };
const EXCITATION = { frequency_hz: 50, acceleration_g: 0.5 };
const line = (r: unknown): string => JSON.stringify(r);

/** Lines that answer: the reader takes most; the others it hands back to the text path. */
const GOOD = [
  line({ design: DESIGN, excitation: EXCITATION }),
  line({ excitation: EXCITATION, design: { ...DESIGN, tip_mass_g: 0, beam_length_mm: 12.345678901234567 } }),
  line({ design: DESIGN, excitation: EXCITATION, environment: { piezo_material: 'pzt5a', substrate_material: 'aluminium', damping_ratio: 0.02 } }),
  line({ design: DESIGN, excitation: EXCITATION, environment: { piezo_material: 'PVDF' }, constraints: [{ name: 'max_stress_mpa', limit: 30 }, { name: 'max_stress_mpa', limit: 31 }] }),
  line({ design: DESIGN, excitation: EXCITATION, constraints: { max_disp_mm: 2, max_freq_error_pct: 3, min_power_uw: 0, max_stress_mpa: 9 } }),
  ` { "design" : ${line(DESIGN)} , "excitation" : {"frequency_hz": 5E1, "acceleration_g": -0} } \r`,
  '',
  '   \t',
  // handed back: an escape, a duplicate key, 20 digits, a byte-order mark, a form feed, a constraint list item with a duplicate key
  `{"design":${line(DESIGN)},"excitation":${line(EXCITATION)},"environment":{"piezo_material":"PZT\\u002d5H"}}`,
  `{"design":${line(DESIGN)},"design":${line({ ...DESIGN, beam_width_mm: 16 })},"excitation":${line(EXCITATION)}}`,
  `{"design":${line(DESIGN).replace('55.5', '55.500000000000000000001')},"excitation":${line(EXCITATION)}}`,
  `\ufeff${line({ design: DESIGN, excitation: EXCITATION })}`,
  `\f${line({ design: DESIGN, excitation: EXCITATION })}`,
  `{"design":${line(DESIGN)},"excitation":${line(EXCITATION)},"constraints":[{"name":"max_disp_mm","name":"min_power_uw","limit":4}]}`,
  line({ design: { ...DESIGN, tip_mass_g: 15.906524658203125 }, excitation: EXCITATION }), // an exact double the product cannot settle
];

/** Lines that stop the command (each run with good lines around it). */
const BAD = [
  '{"design":',
  line({ design: DESIGN }),
  line({ design: { ...DESIGN, beam_length_mm: 0 }, excitation: EXCITATION }),
  line({ design: DESIGN, excitation: EXCITATION, environment: { piezo_material: 'unobtainium' } }),
  line({ design: DESIGN, excitation: EXCITATION, constraints: { max_temp_c: 3 } }),
  line({ design: { ...DESIGN, load_resistance_ohm: 1e308 }, excitation: EXCITATION }),
  `{"design":${line(DESIGN).replace('10000', '1e400')},"excitation":${line(EXCITATION)}}`,
  '{"design":\u00ff}',
  'null',
];

interface Outcome {
  code: number;
  out: string[];
  err: string[];
}

async function viaText(text: string): Promise<Outcome> {
  const out: string[] = [];
  const err: string[] = [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  async function* stdin(): AsyncIterable<string> {
    yield* lines;
  }
  const code = await oracleVehCommand({ stdin: stdin(), stdout: (s) => void out.push(s), stderr: (s) => void err.push(s) }, { reader: null });
  return { code, out, err };
}

async function viaBytes(text: string, chunk: number, reader?: null): Promise<Outcome> {
  const out: string[] = [];
  const err: string[] = [];
  const bytes = new TextEncoder().encode(text);
  async function* stdinBytes(): AsyncIterable<Uint8Array> {
    for (let i = 0; i < bytes.length; i += chunk) yield bytes.slice(i, i + chunk);
  }
  const code = await oracleVehCommand({ stdinBytes: stdinBytes(), stdout: (s) => void out.push(s), stderr: (s) => void err.push(s) }, { reader });
  return { code, out, err };
}

describe('oracle veh: the byte path answers as the text path does', () => {
  it('for lines the reader takes and lines it hands back, at every chunking, with and without a final newline', async () => {
    for (const text of [`${GOOD.join('\n')}\n`, GOOD.join('\n'), GOOD.join('\r\n')]) {
      const expected = await viaText(text);
      expect(expected.code).toBe(0);
      expect(expected.out.length).toBe(GOOD.filter((l) => l.trim() !== '').length);
      for (const chunk of [1, 5, 64, 1000, 1 << 20]) expect(await viaBytes(text, chunk)).toEqual(expected);
      // Without the WASM reader (not built) the bytes are split and decoded in JavaScript.
      for (const chunk of [1, 1 << 20]) expect(await viaBytes(text, chunk, null)).toEqual(expected);
    }
  });

  it.each(BAD.map((bad, i) => [i, bad]))('for bad line %i: the same message on the same line, after the same answers', async (_i, bad) => {
    const text = `${GOOD[0]}\n\n${bad}\n${GOOD[1]}\n`;
    const expected = await viaText(text);
    expect(expected.code).toBe(EXIT_BAD_INPUT);
    expect(expected.out).toHaveLength(1);
    expect(expected.err[0]).toMatch(/^line 3: /);
    for (const chunk of [3, 1 << 20]) expect(await viaBytes(text, chunk)).toEqual(expected);
    expect(await viaBytes(text, 3, null)).toEqual(expected);
  });

  it('stops on a line longer than the limit without a newline, after answering the lines before', async () => {
    const out: string[] = [];
    const err: string[] = [];
    async function* stdinBytes(): AsyncIterable<Uint8Array> {
      yield new TextEncoder().encode(`${GOOD[0]}\n`);
      const block = new Uint8Array(1 << 20).fill(0x20);
      for (let sent = 0; sent <= MAX_LINE_BYTES; sent += block.length) yield block;
      throw new Error('read past the limit');
    }
    const code = await oracleVehCommand({ stdinBytes: stdinBytes(), stdout: (s) => void out.push(s), stderr: (s) => void err.push(s) });
    expect(code).toBe(EXIT_BAD_INPUT);
    expect(out).toHaveLength(1);
    expect(err).toEqual([`line 2: longer than 64 MiB without a newline; a request is one JSON object of a few hundred bytes per line`]);
  });
});
