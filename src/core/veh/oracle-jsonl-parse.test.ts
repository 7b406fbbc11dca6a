/**
 * The WASM request-line reader (assembly/veh-jsonl-parse.ts) against JavaScript itself: every number
 * it takes must be the double JSON.parse gives (bit for bit, -0 included), every line it takes must
 * carry the values JSON.parse and the hand check would, and every line it declines goes back to that
 * path. The power-of-ten table is recomputed with BigInt so the committed file cannot drift.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pow10TableSource } from '../../../scripts/gen-pow10-table.ts';
import { JSONL_PARSE_WASM_PATH } from '../../adapters/node/veh-wasm.ts';
import { createRng } from '../stats/rng.ts';
import { createNumberParserForTest, createRequestLineReader, LineKind, type RequestLineReader } from './oracle-jsonl-parse.ts';
import { IN } from './oracle-layout.ts';

const wasm = readFileSync(JSONL_PARSE_WASM_PATH);

const bits = new BigUint64Array(1);
const asDouble = new Float64Array(bits.buffer);
const bitsOf = (x: number): bigint => {
  asDouble[0] = x;
  return bits[0] as bigint;
};

describe('the power-of-ten table', () => {
  it('is what scripts/gen-pow10-table.ts computes (floor of 10^q at 128 bits, q in [-342, 308])', () => {
    expect(readFileSync(new URL('../../../assembly/_pow10-table.ts', import.meta.url), 'utf8')).toBe(pow10TableSource());
  });
});

describe('decimal to double (Clinger fast path, Eisel–Lemire, refusals)', () => {
  it('gives JSON.parse’s double for every number it takes, over random doubles written three ways and random decimal strings', async () => {
    const parse = await createNumberParserForTest(wasm);
    const rng = createRng(2026);
    let taken = 0;
    let refused = 0;
    const check = (text: string): void => {
      const v = parse(text);
      if (Number.isNaN(v)) {
        refused++;
        return;
      }
      taken++;
      const ref = JSON.parse(text) as number;
      if (bitsOf(v) !== bitsOf(ref)) expect.fail(`${text}: parsed ${v}, JSON.parse ${ref}`);
    };
    // Random bit patterns: every exponent, subnormals included (those are refused, not misread).
    const random = new Uint32Array(2);
    const asRandom = new Float64Array(random.buffer);
    let doubles = 0;
    for (let i = 0; i < 150_000; i++) {
      random[0] = Math.floor(rng.uniform(0, 2 ** 32));
      random[1] = Math.floor(rng.uniform(0, 2 ** 32));
      const x = asRandom[0] as number;
      if (!Number.isFinite(x)) continue;
      doubles++;
      check(String(x));
      check(x.toPrecision(17));
      check(x.toExponential(12));
    }
    // Random decimal strings of 1–20 digits with exponents across the range and the point anywhere.
    for (let i = 0; i < 150_000; i++) {
      const n = 1 + Math.floor(rng.uniform(0, 20));
      let d = '';
      for (let j = 0; j < n; j++) d += String(Math.floor(rng.uniform(0, 10)));
      d = d.replace(/^0+(?=\d)/, '');
      check(`${rng.uniform(0, 1) < 0.5 ? '-' : ''}${d}e${Math.floor(rng.uniform(-350, 350))}`);
      const dot = Math.floor(rng.uniform(0, d.length));
      if (dot > 0) check(`${d.slice(0, dot)}.${d.slice(dot)}`);
    }
    // Most numbers are taken (the point of the reader): refusals are the subnormals, out-of-range
    // exponents, more than 19 digits and the rare ambiguous product.
    expect(taken).toBeGreaterThan(0.9 * (3 * doubles + 150_000));
    expect(refused).toBeGreaterThan(0);
  });

  it.each([
    ['9007199254740992', 9007199254740992],
    ['9007199254740993', Number.NaN], // halfway between two doubles: refused (JavaScript rounds to even)
    ['9007199254740994', 9007199254740994],
    ['9223372036854775808', 2 ** 63],
    ['1e22', 1e22],
    ['1e23', Number.NaN], // the truncated product cannot tell which side of the halfway point: refused
    ['1.7976931348623157e308', 1.7976931348623157e308],
    ['1.7976931348623159e308', Number.NaN], // rounds to Infinity: JavaScript decides
    ['2.2250738585072014e-308', 2.2250738585072014e-308],
    ['4.9e-324', Number.NaN], // subnormal
    ['1e-400', Number.NaN],
    ['12345678901234567890', Number.NaN], // 20 significant digits
    ['0.1', 0.1],
    ['-0', -0],
    ['-0.0e5', -0],
    ['0.000123', 0.000123],
    ['1E5', 1e5],
    ['2.5e-3', 2.5e-3],
    ['-1.5E+2', -150],
    ['01', Number.NaN],
    ['1.', Number.NaN],
    ['.5', Number.NaN],
    ['-', Number.NaN],
    ['1e', Number.NaN],
    ['1e+', Number.NaN],
    ['+1', Number.NaN],
    ['1x', Number.NaN],
  ])('%s → %s', async (text, expected) => {
    const v = (await createNumberParserForTest(wasm))(text);
    if (Number.isNaN(expected)) expect(v).toBeNaN();
    else expect(bitsOf(v)).toBe(bitsOf(expected));
  });
});

const DESIGN = { beam_length_mm: 55.12345678901234, beam_width_mm: 15, substrate_thickness_um: 280, piezo_thickness_um: 150, tip_mass_g: 0, load_resistance_ohm: 1e4 };
const EXCITATION = { frequency_hz: 50, acceleration_g: 0.5 };

async function readAll(text: string, chunk: number): Promise<{ kind: LineKind; values: number[]; piezo?: string; substrate?: string; text: string }[]> {
  const reader: RequestLineReader = await createRequestLineReader(wasm);
  const bytes = new TextEncoder().encode(text);
  const lines: { kind: LineKind; values: number[]; piezo?: string; substrate?: string; text: string }[] = [];
  const drain = (eof: boolean): void => {
    for (let kind = reader.next(eof); kind !== LineKind.none; kind = reader.next(eof)) {
      const line = { kind, values: kind === LineKind.fast ? Array.from(reader.values) : [], text: reader.lineText() };
      lines.push(kind === LineKind.fast ? { ...line, piezo: reader.piezoName(), substrate: reader.substrateName() } : line);
    }
  };
  for (let i = 0; i < bytes.length; i += chunk) {
    reader.push(bytes.subarray(i, i + chunk));
    drain(false);
  }
  drain(true);
  return lines;
}

describe('request lines', () => {
  it('takes the common shape with the values JSON.parse gives, defaults where the request is silent', async () => {
    const request = {
      constraints: [{ limit: 40, name: 'max_stress_mpa' }, { name: 'min_power_uw', limit: 0 }, { name: 'max_stress_mpa', limit: 41 }],
      environment: { damping_ratio: 0.02, substrate_material: 'aluminium', piezo_material: 'pzt5a' },
      excitation: EXCITATION,
      design: DESIGN,
    };
    const [line] = await readAll(`${JSON.stringify(request)}\n`, 1 << 20);
    expect(line?.kind).toBe(LineKind.fast);
    const v = line?.values as number[];
    expect(v[IN.beamLengthMm]).toBe(DESIGN.beam_length_mm);
    expect(v[IN.tipMassG]).toBe(0);
    expect(v[IN.loadResistanceOhm]).toBe(1e4);
    expect(v[IN.frequencyHz]).toBe(50);
    expect(v[IN.dampingRatio]).toBe(0.02);
    expect(v[IN.maxStressMpa]).toBe(41); // later entries win
    expect(v[IN.minPowerUw]).toBe(0);
    expect(v[IN.maxDispMm]).toBe(5);
    expect([line?.piezo, line?.substrate]).toEqual(['pzt5a', 'aluminium']);

    const [plain] = await readAll(` \t{ "design" : ${JSON.stringify(DESIGN)} , "excitation":{"frequency_hz":5e1,"acceleration_g":-0}, "constraints": {"max_disp_mm": 2} }\r`, 7);
    expect(plain?.kind).toBe(LineKind.fast);
    expect(Object.is(plain?.values[IN.accelerationG], -0)).toBe(true);
    expect(plain?.values[IN.dampingRatio]).toBe(0.01);
    expect(plain?.values[IN.maxDispMm]).toBe(2);
    expect([plain?.piezo, plain?.substrate]).toEqual([undefined, undefined]);
  });

  it('writes every field at its slot of the oracle input layout (IN), material constants left 0', async () => {
    const request = {
      design: { beam_length_mm: 1.5, beam_width_mm: 2.5, substrate_thickness_um: 3.5, piezo_thickness_um: 4.5, tip_mass_g: 5.5, load_resistance_ohm: 6.5 },
      excitation: { frequency_hz: 7.5, acceleration_g: 8.5 },
      environment: { damping_ratio: 9.5 },
      constraints: { max_stress_mpa: 10.5, max_disp_mm: 11.5, max_freq_error_pct: 12.5, min_power_uw: 13.5 },
    };
    const [line] = await readAll(JSON.stringify(request), 1 << 20);
    const expected = new Array<number>(line?.values.length ?? 0).fill(0);
    const at: [number, number][] = [
      [IN.beamLengthMm, 1.5], [IN.beamWidthMm, 2.5], [IN.substrateThicknessUm, 3.5], [IN.piezoThicknessUm, 4.5], [IN.tipMassG, 5.5], [IN.loadResistanceOhm, 6.5],
      [IN.frequencyHz, 7.5], [IN.accelerationG, 8.5], [IN.dampingRatio, 9.5], [IN.maxStressMpa, 10.5], [IN.maxDispMm, 11.5], [IN.maxFreqErrorPct, 12.5], [IN.minPowerUw, 13.5],
    ];
    for (const [k, v] of at) expected[k] = v;
    expect(line?.values).toEqual(expected);
  });

  it.each([
    ['an unknown top-level key', { design: DESIGN, excitation: EXCITATION, note: 1 }],
    ['a missing excitation', { design: DESIGN }],
    ['a design key missing', { design: { ...DESIGN, tip_mass_g: undefined }, excitation: EXCITATION }],
    ['a length of 0', { design: { ...DESIGN, beam_length_mm: 0 }, excitation: EXCITATION }],
    ['a negative tip mass', { design: { ...DESIGN, tip_mass_g: -1 }, excitation: EXCITATION }],
    ['a number as a string', { design: { ...DESIGN, beam_width_mm: '15' }, excitation: EXCITATION }],
    ['a non-ASCII material name', { design: DESIGN, excitation: EXCITATION, environment: { piezo_material: 'PZT‑5A' } }],
    ['an unknown constraint', { design: DESIGN, excitation: EXCITATION, constraints: { max_temp_c: 3 } }],
    ['a null constraints', { design: DESIGN, excitation: EXCITATION, constraints: null }],
    ['a constraint without a limit', { design: DESIGN, excitation: EXCITATION, constraints: [{ name: 'max_disp_mm' }] }],
    ['an array', [DESIGN]],
  ])('hands back %s', async (_what, request) => {
    const [line] = await readAll(JSON.stringify(request), 3);
    expect(line?.kind).toBe(LineKind.other);
    expect(line?.text).toBe(JSON.stringify(request));
  });

  it.each([
    ['a duplicate key', `{"design":${JSON.stringify(DESIGN)},"design":${JSON.stringify(DESIGN)},"excitation":${JSON.stringify(EXCITATION)}}`],
    ['an escaped key', `{"\\u0064esign":${JSON.stringify(DESIGN)},"excitation":${JSON.stringify(EXCITATION)}}`],
    ['an escaped name', `{"design":${JSON.stringify(DESIGN)},"excitation":${JSON.stringify(EXCITATION)},"environment":{"piezo_material":"PZT\\u002d5A"}}`],
    ['a trailing comma', `{"design":${JSON.stringify(DESIGN)},"excitation":${JSON.stringify(EXCITATION)},}`],
    ['text after the object', `{"design":${JSON.stringify(DESIGN)},"excitation":${JSON.stringify(EXCITATION)}} x`],
    ['an overflowing number', `{"design":${JSON.stringify(DESIGN).replace('1e4', '1e400').replace('10000', '1e400')},"excitation":${JSON.stringify(EXCITATION)}}`],
    ['a form feed (JavaScript trims it, JSON does not allow it)', `\f{"design":${JSON.stringify(DESIGN)},"excitation":${JSON.stringify(EXCITATION)}}`],
    ['a byte-order mark', `\ufeff{"design":${JSON.stringify(DESIGN)},"excitation":${JSON.stringify(EXCITATION)}}`],
  ])('hands back %s as its text', async (_what, text) => {
    const [line] = await readAll(`${text}\n`, 5);
    expect(line?.kind).toBe(LineKind.other);
    expect(line?.text).toBe(text);
  });

  it('splits lines at every chunk size alike: blank lines, CRLF, a long line, an unterminated last line, invalid UTF-8 replaced', async () => {
    const good = JSON.stringify({ design: DESIGN, excitation: EXCITATION });
    const long = JSON.stringify({ design: DESIGN, excitation: EXCITATION, environment: { piezo_material: 'x'.repeat(300_000) } });
    const text = `${good}\n\n  \t\r\n${good}\r\n${long}\n{"design":\u00ff}\n${good}`;
    const whole = await readAll(text, 1 << 22);
    expect(whole.map((l) => l.kind)).toEqual([LineKind.fast, LineKind.blank, LineKind.blank, LineKind.fast, LineKind.fast, LineKind.other, LineKind.fast]);
    expect(whole[4]?.piezo).toHaveLength(300_000);
    for (const chunk of [1, 2, 3, 16, 17, 4096, 65536]) expect(await readAll(text, chunk)).toEqual(whole);

    const reader = await createRequestLineReader(wasm);
    reader.push(new Uint8Array([0x7b, 0xff, 0xc3, 0x0a]));
    expect(reader.next(false)).toBe(LineKind.other);
    expect(reader.lineText()).toBe('{\ufffd\ufffd');
  });
});
