import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../hash/sha256.ts';
import { P1_SUBTYPES, P2_SUBTYPES, PROBES, VehTaskSchema } from '../task-schema.ts';
import { BANK_FILES, DEFAULT_BANK_SEED, DIFFICULTY_COUNTS, generateVehBanks, P3_QUOTAS, SPLIT_SIZES } from './generate.ts';
import { parseVehBankJsonl } from './load.ts';

const anchorsBytes = readFileSync(new URL('../../../../data/veh/veh-anchors.json', import.meta.url));
const bankFile = (name: string): string => readFileSync(new URL(`../../../../public/banks/veh/${name}`, import.meta.url), 'utf8');

let gen: ReturnType<typeof generateVehBanks>;
beforeAll(() => {
  gen = generateVehBanks(JSON.parse(anchorsBytes.toString('utf8')), new Uint8Array(anchorsBytes), DEFAULT_BANK_SEED);
}, 180_000);

describe('generateVehBanks', () => {
  it('reproduces the committed banks byte for byte (same seed, generated in another process)', () => {
    for (const name of [...Object.values(BANK_FILES), 'manifest.json']) {
      expect(gen.files[name], `${name} differs from public/banks/veh — run \`proving-ground bank --write\``).toBe(bankFile(name));
    }
  });

  it('writes a manifest with the counts, byte sizes and hashes of its files', () => {
    const m = gen.manifest;
    expect(m.seed).toBe(DEFAULT_BANK_SEED);
    expect(m.built_from.anchors_sha256).toBe(sha256Hex(new Uint8Array(anchorsBytes)));
    expect(m.banks.map((b) => b.probe)).toEqual([...PROBES]);
    for (const b of m.banks) {
      const text = gen.files[b.file] as string;
      const bytes = new TextEncoder().encode(text);
      expect(b.bytes).toBe(bytes.length);
      expect(b.sha256).toBe(sha256Hex(bytes));
      expect(b.count).toBe(text.split('\n').length - 1);
      expect(b.by_split).toEqual(SPLIT_SIZES[b.probe]);
    }
    expect(JSON.parse(gen.files['manifest.json'] as string)).toEqual(m);
  });

  it('emits schema-valid tasks whose keys follow the schema order (parse → stringify gives the same line)', () => {
    for (const probe of PROBES) {
      const text = gen.files[BANK_FILES[probe]] as string;
      expect(text.endsWith('\n')).toBe(true);
      const lines = text.split('\n').slice(0, -1);
      const tasks = parseVehBankJsonl(text, probe);
      tasks.forEach((t, i) => {
        expect(JSON.stringify(VehTaskSchema.parse(t))).toBe(lines[i]);
        expect(t.task_id).toMatch(new RegExp(`^veh-${probe.toLowerCase()}-${t.split}-\\d{3}$`));
      });
    }
  });

  it('matches the published sizes per split, subtype and difficulty', () => {
    const tasks = Object.fromEntries(PROBES.map((p) => [p, parseVehBankJsonl(gen.files[BANK_FILES[p]] as string, p)]));
    const count = <T>(xs: readonly T[], key: (x: T) => string): Record<string, number> =>
      xs.reduce<Record<string, number>>((acc, x) => ({ ...acc, [key(x)]: (acc[key(x)] ?? 0) + 1 }), {});
    for (const p of PROBES) {
      const ts = tasks[p] ?? [];
      expect(count(ts, (t) => t.split)).toEqual(SPLIT_SIZES[p]);
      expect(count(ts, (t) => t.difficulty)).toEqual(Object.fromEntries(DIFFICULTY_COUNTS[p].map((d) => [d.label, d.count])));
    }
    const p1 = tasks.P1 ?? [];
    for (const split of ['dev', 'test_id', 'test_ood'] as const) {
      expect(count(p1.filter((t) => t.split === split), (t) => (t.probe === 'P1' ? t.p1_subtype : ''))).toEqual(
        Object.fromEntries(P1_SUBTYPES.map((s) => [s, 10])),
      );
      const p3 = (tasks.P3 ?? []).filter((t) => t.split === split);
      expect(count(p3, (t) => (t.probe === 'P3' ? t.source_p2_subtype : ''))).toEqual(P3_QUOTAS[split]);
    }
    expect(count(tasks.P2 ?? [], (t) => (t.probe === 'P2' ? t.p2_subtype : ''))).toEqual(Object.fromEntries(P2_SUBTYPES.map((s) => [s, 52])));
    expect(count(tasks.P3 ?? [], (t) => (t.probe === 'P3' ? t.trap_type : ''))).toEqual({
      unit_flip: 26,
      wrong_formula_direction: 26,
      false_feasibility: 26,
      topology_trap: 26,
      verifier_ignored: 26,
      progressive_contamination: 26,
    });
    expect(count(tasks.P4 ?? [], (t) => (t.probe === 'P4' ? t.policy : ''))).toEqual({ balanced: 53, performance_first: 53, reliability_first: 53 });
  });
});
