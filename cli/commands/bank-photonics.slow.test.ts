/** `bank --suite photonics-agent --check` recomputes every reference value and fails on any drift. */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BANK_DIR } from '../../src/core/photonics-agent/test-bank.ts';
import { bankCommand } from './bank.ts';
import { capture } from '../test-capture.ts';

describe('bank --suite photonics-agent', () => {
  it('--check passes on the shipped bank and fails, naming the file, when a reference value drifts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pa-bank-'));
    try {
      await cp(BANK_DIR, dir, { recursive: true });
      const ok = capture();
      expect(await bankCommand(['--check', '--suite', 'photonics-agent', '--dir', dir], ok.io)).toBe(0);
      expect(ok.out.join('\n')).toMatch(/ok {8}circuit-mzi-fsr\.json/);
      const file = join(dir, 'circuit-mzi-fsr.json');
      const task = JSON.parse(await readFile(file, 'utf8')) as { targets: { reference: number }[] };
      (task.targets[0] as { reference: number }).reference *= 1.0001;
      await writeFile(file, `${JSON.stringify(task, null, 2)}\n`);
      const bad = capture();
      expect(await bankCommand(['--check', '--suite', 'photonics-agent', '--dir', dir], bad.io)).toBe(1);
      expect(bad.out.join('\n')).toMatch(/MISMATCH {2}circuit-mzi-fsr\.json/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
