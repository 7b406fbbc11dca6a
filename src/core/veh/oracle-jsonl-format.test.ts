import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { JSONL_FORMAT_WASM_PATH } from '../../adapters/node/veh-wasm.ts';
import { createRng } from '../stats/rng.ts';
import { createJsonlLineFormatter } from './oracle-jsonl-format.ts';

const bytes = readFileSync(JSONL_FORMAT_WASM_PATH);

async function formatter(count: number, boolIndex = -1) {
  const f = await createJsonlLineFormatter(bytes, count, boolIndex);
  for (let k = 0; k < count; k++) f.setSegment(k, `${k === 0 ? '[' : ','}`);
  f.setSegment(count, ']');
  return f;
}

const SPECIAL = [0, -0, 1, -1, 12, 50, 1e21, 1e20, 123456789012345680000, 1e-7, 1e-6, 0.001, 0.1, 0.3, 1 / 3, -1.5, 2 ** 53, 2 ** 53 + 2, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, 8.278665608895002e-8, 29.027296464951128];

describe('WASM JSON-line formatter', () => {
  it('writes numbers that read back as the same double, laid out as JavaScript does (no ".0", exponents as 1e+21 / 1e-7, null for NaN and ±∞)', async () => {
    const f = await formatter(SPECIAL.length + 3);
    [...SPECIAL, Number.NaN, Infinity, -Infinity].forEach((v, k) => (f.values[k] = v));
    f.line();
    const text = new TextDecoder().decode(f.take());
    expect(text.endsWith(']\n')).toBe(true);
    const back = JSON.parse(text) as (number | null)[];
    SPECIAL.forEach((v, k) => expect(back[k], String(v)).toBe(v === 0 ? 0 : v));
    expect(back.slice(-3)).toEqual([null, null, null]);
    const fields = text.slice(1, -2).split(',');
    expect(fields.slice(0, 8)).toEqual(['0', '0', '1', '-1', '12', '50', '1e+21', '100000000000000000000']);
    expect(fields[9]).toBe('1e-7');
    expect(fields[10]).toBe('0.000001');
  });

  it('round-trips 200,000 random doubles over the whole exponent range, and writes the boolean slot as true/false', async () => {
    const rng = createRng(7);
    const f = await formatter(11, 10);
    const view = new DataView(new ArrayBuffer(8));
    for (let line = 0; line < 20_000; line++) {
      const expected: number[] = [];
      for (let k = 0; k < 10; k++) {
        // Random bit patterns (finite ones) and values in the oracle's own ranges, alternately.
        let v: number;
        if (k % 2 === 0) {
          view.setUint32(0, Math.floor(rng.uniform(0, 2 ** 32)));
          view.setUint32(4, Math.floor(rng.uniform(0, 2 ** 32)));
          v = view.getFloat64(0);
          if (!Number.isFinite(v)) v = 1;
        } else v = Math.exp(rng.uniform(-30, 30)) * (rng.uniform(0, 1) < 0.5 ? -1 : 1);
        f.values[k] = v;
        expected.push(v);
      }
      f.values[10] = line % 2;
      f.line();
      const back = JSON.parse(new TextDecoder().decode(f.take())) as (number | boolean)[];
      for (let k = 0; k < 10; k++) if (!Object.is(back[k], expected[k] === 0 ? 0 : expected[k])) throw new Error(`${expected[k]} read back as ${back[k]}`);
      expect(back[10]).toBe(line % 2 === 1);
    }
  }, 60_000);
});
