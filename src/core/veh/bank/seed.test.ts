import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROBES } from '../task-schema.ts';
import { BANK_FILES, generateVehBanks, SPLIT_SIZES } from './generate.ts';
import { parseVehBankJsonl } from './load.ts';

const anchorsBytes = readFileSync(new URL('../../../../data/veh/veh-anchors.json', import.meta.url));
const committed = JSON.parse(readFileSync(new URL('../../../../public/banks/veh/manifest.json', import.meta.url), 'utf8')) as {
  seed: number;
  banks: { file: string; sha256: string }[];
};

describe('bank seed', () => {
  it('a different seed gives different bytes for every bank, with the same published sizes', () => {
    const seed = committed.seed + 1;
    const { files, manifest } = generateVehBanks(JSON.parse(anchorsBytes.toString('utf8')), new Uint8Array(anchorsBytes), seed);
    expect(manifest.seed).toBe(seed);
    for (const b of manifest.banks) {
      expect(b.sha256).not.toBe(committed.banks.find((c) => c.file === b.file)?.sha256);
      expect(b.by_split).toEqual(SPLIT_SIZES[b.probe]);
    }
    for (const p of PROBES) expect(parseVehBankJsonl(files[BANK_FILES[p]] as string, p)).toHaveLength(Object.values(SPLIT_SIZES[p]).reduce((s, n) => s + n, 0));
  }, 180_000);
});
