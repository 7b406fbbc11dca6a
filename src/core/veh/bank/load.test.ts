import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../hash/sha256.ts';
import { BankLoadError, loadVehBank, parseVehBankJsonl } from './load.ts';

const bankLines = (file: string, n: number): string[] =>
  readFileSync(new URL(`../../../../public/banks/veh/${file}`, import.meta.url), 'utf8').split('\n').slice(0, n);

/** A two-file bank (2 P1 + 1 P4 task) with a matching manifest, as loadVehBank reads it. */
function smallBank() {
  const files: Record<string, string> = { 'P1.jsonl': `${bankLines('P1.jsonl', 2).join('\n')}\n`, 'P4.jsonl': `${bankLines('P4.jsonl', 1).join('\n')}\n` };
  const entry = (probe: 'P1' | 'P4', file: string, count: number) => ({
    probe,
    file,
    count,
    bytes: new TextEncoder().encode(files[file]).length,
    sha256: sha256Hex(files[file] as string),
    by_split: { dev: count },
  });
  const manifest = {
    suite: 'veh',
    generator_version: 'test',
    seed: 1,
    oracle: 'reference',
    built_from: { anchors_file: 'x', anchors_sha256: 'y' },
    banks: [entry('P1', 'P1.jsonl', 2), entry('P4', 'P4.jsonl', 1)],
    note: 'small',
  };
  files['manifest.json'] = JSON.stringify(manifest);
  const reader = (f: string) => (f in files ? Promise.resolve(files[f] as string) : Promise.reject(new Error(`no ${f}`)));
  return { files, manifest, reader };
}

describe('parseVehBankJsonl', () => {
  const [first, second] = bankLines('P2.jsonl', 2) as [string, string];

  it('parses valid lines (trailing newline allowed)', () => {
    expect(parseVehBankJsonl(`${first}\n${second}\n`, 'P2').map((t) => t.probe)).toEqual(['P2', 'P2']);
  });

  it('names the line for invalid JSON and empty lines', () => {
    expect(() => parseVehBankJsonl(`${first}\n{oops\n`)).toThrow(/line 2: invalid JSON/);
    expect(() => parseVehBankJsonl(`${first}\n\n${second}\n`)).toThrow(/line 2: empty line/);
  });

  it('names the line, task and field of a schema error', () => {
    const bad = JSON.parse(second) as { task_id: string; initial_design: { beam_width_mm: unknown } };
    bad.initial_design.beam_width_mm = -3;
    expect(() => parseVehBankJsonl(`${first}\n${JSON.stringify(bad)}\n`)).toThrow(new RegExp(`line 2 \\(task ${bad.task_id}\\): initial_design\\.beam_width_mm`));
  });

  it('rejects a task of another probe and duplicate ids', () => {
    expect(() => parseVehBankJsonl(`${first}\n`, 'P1')).toThrow(/probe P2 in the P1 bank/);
    expect(() => parseVehBankJsonl(`${first}\n${first}\n`)).toThrow(/duplicate task_id/);
  });
});

describe('loadVehBank', () => {
  it('loads every bank the manifest lists', async () => {
    const { reader } = smallBank();
    const { manifest, tasks } = await loadVehBank(reader);
    expect(manifest.banks).toHaveLength(2);
    expect(tasks.map((t) => t.probe)).toEqual(['P1', 'P1', 'P4']);
  });

  it('rejects a file whose bytes or hash differ from the manifest', async () => {
    const { files, reader } = smallBank();
    files['P4.jsonl'] = (files['P4.jsonl'] as string).replace('"suite":"veh"', '"suite":"veh" ');
    await expect(loadVehBank(reader)).rejects.toThrow(/P4\.jsonl: \d+ bytes, manifest says/);
    const same = smallBank();
    same.files['P1.jsonl'] = (same.files['P1.jsonl'] as string).replace('"dev"', '"deV"');
    await expect(loadVehBank(same.reader)).rejects.toThrow(/P1\.jsonl: sha256 [0-9a-f]{64} does not match/);
  });

  it('rejects counts that disagree with the manifest and a malformed manifest', async () => {
    const { files, manifest, reader } = smallBank();
    files['manifest.json'] = JSON.stringify({ ...manifest, banks: [{ ...manifest.banks[0], count: 3 }] });
    await expect(loadVehBank(reader)).rejects.toThrow(/P1\.jsonl: 2 tasks, manifest says 3/);
    files['manifest.json'] = JSON.stringify({ ...manifest, suite: 'other' });
    await expect(loadVehBank(reader)).rejects.toThrow(BankLoadError);
    await expect(loadVehBank(reader)).rejects.toThrow(/manifest\.json: suite/);
  });
});
