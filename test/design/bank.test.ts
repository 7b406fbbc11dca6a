// The shipped design bank is exactly what this build generates: every task's text, and each
// Reimplementation's c equal to J of its published device as this evaluator scores it now — a
// solver change that moves a published device's J fails here (regenerate with
// `proving-ground bank --write --suite design`).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createNodeSolveContext } from '../../src/adapters/node/photonics-context.ts';
import { BANKS_ROOT } from '../../src/adapters/node/suite-environments.ts';
import { nodeSandbox } from '../../src/adapters/sandbox/quickjs-node.ts';
import { generateDesignBank } from '../../src/core/design/bank/generate.ts';
import { loadDesignBank } from '../../src/core/design/bank/load.ts';
import { DESIGN_TASKS } from '../../src/core/design/tasks/index.ts';

const dir = join(BANKS_ROOT, 'design');

describe('design bank', () => {
  it('regenerates byte for byte', async () => {
    const { files } = await generateDesignBank(DESIGN_TASKS, { sandbox: nodeSandbox(), solve: await createNodeSolveContext() });
    for (const [name, text] of files) expect(await readFile(join(dir, name), 'utf8'), name).toBe(text);
  });

  it('loads with every hash checked, and refuses a tampered file naming it', async () => {
    const read = (f: string) => readFile(join(dir, f), 'utf8');
    const { tasks, manifest } = await loadDesignBank(read);
    expect(tasks.map((t) => t.task_id)).toEqual(DESIGN_TASKS.map((t) => t.task_id));
    const first = manifest.files[0]!.file;
    await expect(loadDesignBank(async (f) => (f === first ? (await read(f)).replace('"c": ', '"c": 1') : read(f)))).rejects.toThrow(new RegExp(`${first}: \\d+ bytes|${first}: sha256`));
  });
});
