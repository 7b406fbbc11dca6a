import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateVehBanks, SPLIT_SIZES } from './generate.ts';
import { parseVehBankJsonl } from './load.ts';

const anchorsBytes = readFileSync(new URL('../../../../data/veh/veh-anchors.json', import.meta.url), 'utf8');
const bankFile = (name: string): string => readFileSync(new URL(`../../../../public/banks/veh/${name}`, import.meta.url), 'utf8');
const committedSeed = (JSON.parse(bankFile('manifest.json')) as { seed: number }).seed;
const generateP1 = (seed: number) => generateVehBanks(JSON.parse(anchorsBytes), new TextEncoder().encode(anchorsBytes), seed, { only: ['P1'] });

// P1 is the family that does not depend on P2, so it shows seed behaviour at a third of the full cost.
describe('bank seed', () => {
  it('a different seed gives different bytes with the same published sizes', () => {
    const { files, manifest } = generateP1(committedSeed + 1);
    expect(manifest.banks.map((b) => b.probe)).toEqual(['P1']);
    expect(files['P1.jsonl']).not.toBe(bankFile('P1.jsonl'));
    const tasks = parseVehBankJsonl(files['P1.jsonl'] as string, 'P1');
    expect(manifest.banks[0]?.by_split).toEqual(SPLIT_SIZES.P1);
    expect(tasks).toHaveLength(240);
  }, 180_000);
});
