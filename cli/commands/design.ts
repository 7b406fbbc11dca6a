/**
 * `proving-ground design evaluate --task ID SOURCE.js|-` runs the spec-to-design evaluator alone on
 * one design source, in its own worker thread, and prints the verdict as JSON: valid, every gate
 * with pass and reason, J, S, c, the SHA-256 of the source bytes and the evaluator version. A
 * hostile source (a loop, a huge allocation, fetch) gets a verdict too: the gate that stopped it.
 * `proving-ground design tasks` lists the task ids with family, physics and c.
 *
 * Exit codes: 0 the design is valid; 1 it fails a gate (the verdict says which); 2 usage, an
 * unknown task, an unreadable source.
 */
import { readFile } from 'node:fs/promises';
import { startDesignEvaluator } from '../../src/adapters/node/design-evaluator-thread.ts';
import { DESIGN_TASKS } from '../../src/core/design/tasks/index.ts';
import { EXIT_USAGE, parseFlags, usageMessage } from '../args.ts';
import type { CommandIo } from '../io.ts';

const USAGE = 'usage: proving-ground design evaluate --task ID [--pretty] SOURCE.js|-   |   proving-ground design tasks';

export interface DesignDeps {
  readStdin?: () => Promise<string>;
}

async function readProcessStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

export async function designCommand(args: readonly string[], io: CommandIo, deps: DesignDeps = {}): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === 'tasks') {
    for (const t of DESIGN_TASKS) io.stdout(JSON.stringify({ task_id: t.task_id, family: t.family, physics: t.physics, title: t.title, c: t.family === 'design' ? t.c : 'J of the published device' }));
    return 0;
  }
  if (sub !== 'evaluate') {
    io.stderr(`design: ${sub === undefined ? 'name a subcommand' : `unknown subcommand "${sub}"`}\n${USAGE}`);
    return EXIT_USAGE;
  }
  let taskId: string;
  let file: string;
  let pretty: boolean;
  try {
    const { values, positionals } = parseFlags(rest, { task: { type: 'string' }, pretty: { type: 'boolean' } }, true);
    if (values.task === undefined) throw new Error('--task is required');
    if (positionals.length !== 1) throw new Error('give exactly one SOURCE.js (or - for standard input)');
    taskId = values.task;
    file = positionals[0] as string;
    pretty = values.pretty === true;
  } catch (e) {
    io.stderr(`design evaluate: ${usageMessage(e)}\n${USAGE}`);
    return EXIT_USAGE;
  }
  if (!DESIGN_TASKS.some((t) => t.task_id === taskId)) {
    io.stderr(`design evaluate: no task "${taskId}"; \`proving-ground design tasks\` lists them`);
    return EXIT_USAGE;
  }
  let source: string;
  try {
    source = file === '-' ? await (deps.readStdin ?? readProcessStdin)() : await readFile(file, 'utf8');
  } catch (e) {
    io.stderr(`design evaluate: cannot read ${file}: ${(e as Error).message}`);
    return EXIT_USAGE;
  }
  const evaluator = startDesignEvaluator();
  try {
    const verdict = await evaluator.evaluate(taskId, source);
    io.stdout(pretty ? JSON.stringify(verdict, null, 2) : JSON.stringify(verdict));
    return verdict.valid ? 0 : 1;
  } finally {
    await evaluator.close();
  }
}
