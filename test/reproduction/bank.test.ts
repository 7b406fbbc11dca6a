// The shipped reproduction bank is exactly what this build generates from the task definitions (a
// claim, spec, starter or workflow edited in code without `proving-ground bank --write --suite
// reproduction` fails here), and it loads with every file's size and hash checked.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BANKS_ROOT } from '../../src/adapters/node/suite-environments.ts';
import { generateReproductionBank } from '../../src/core/reproduction/bank/generate.ts';
import { loadReproductionBank } from '../../src/core/reproduction/bank/load.ts';
import { REPRODUCTION_TASKS } from '../../src/core/reproduction/tasks/index.ts';

const dir = join(BANKS_ROOT, 'reproduction');

describe('reproduction bank', () => {
  it('regenerates byte for byte', async () => {
    const { files } = generateReproductionBank(REPRODUCTION_TASKS);
    for (const [name, text] of files) expect(await readFile(join(dir, name), 'utf8'), name).toBe(text);
  });

  it('loads with every hash checked, and refuses a tampered file naming it', async () => {
    const read = (f: string) => readFile(join(dir, f), 'utf8');
    const { tasks, manifest } = await loadReproductionBank(read);
    expect(tasks.map((t) => t.task_id)).toEqual(REPRODUCTION_TASKS.map((d) => d.task.task_id));
    const first = manifest.files[0]!.file;
    await expect(loadReproductionBank(async (f) => (f === first ? (await read(f)).replace('"claim": "', '"claim": "X') : read(f)))).rejects.toThrow(new RegExp(`${first}: \\d+ bytes|${first}: sha256`));
  });
});
