/** Test helper: writes the fixture tasks as a bank directory (manifest.json + P*.jsonl), the layout loadVehBank reads. */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sha256Hex } from '../../src/core/hash/sha256.ts';
import { fixtureBank } from '../../src/core/veh/protocol/test-fixtures.ts';
import { PROBES } from '../../src/core/veh/task-schema.ts';

export async function writeFixtureBank(target: string): Promise<void> {
  const tasks = fixtureBank();
  const banks = [];
  for (const probe of PROBES) {
    const mine = tasks.filter((t) => t.probe === probe);
    const text = mine.map((t) => JSON.stringify(t)).join('\n') + '\n';
    const file = `${probe}.jsonl`;
    await writeFile(join(target, file), text);
    banks.push({
      probe,
      file,
      count: mine.length,
      bytes: Buffer.byteLength(text),
      sha256: sha256Hex(text),
      by_split: { dev: mine.length },
    });
  }
  const manifest = {
    suite: 'veh',
    generator_version: 'fixture',
    seed: 0,
    oracle: 'reference',
    built_from: { anchors_file: 'none', anchors_sha256: 'none' },
    banks,
    note: 'test fixture bank',
  };
  await writeFile(join(target, 'manifest.json'), JSON.stringify(manifest, null, 2));
}
