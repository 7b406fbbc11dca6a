/**
 * `proving-ground replay --task ID [--pretty] DIR` clean-replays a reproduction package folder the
 * way the evaluator does (seed 003): every file under DIR is read, only the JavaScript sources are
 * restored, shipped outputs are dropped, the entry point runs in a fresh sandbox in the evaluator's
 * own worker thread, and the verdict — exit status, the SHA-256 of every source, every oracle call
 * with its result hash, the regenerated artifacts, and the hidden rubric's grade — is printed as JSON.
 *
 * Exit codes: 0 the package is Full; 1 it is not (or its replay failed: invalid evidence); 2 usage,
 * an unknown task, an unreadable folder or a package over the limits; 3 the evaluator itself failed
 * (requires a rerun — never a silent zero).
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { createNodeReproductionEnv } from '../../src/adapters/node/reproduction-env.ts';
import { MAX_FILE_CHARS, MAX_PACKAGE_FILES, PackagePathSchema } from '../../src/core/reproduction/environment.ts';
import type { PackageFile } from '../../src/core/reproduction/replay.ts';
import { REPRODUCTION_TASKS } from '../../src/core/reproduction/tasks/index.ts';
import { EXIT_USAGE, parseFlags, usageMessage } from '../args.ts';
import type { CommandIo } from '../io.ts';

const USAGE = 'usage: proving-ground replay --task ID [--pretty] DIR   (`proving-ground tasks --suite reproduction` lists the ids)';
export const EXIT_REQUIRES_RERUN = 3;

class PackageError extends Error {}

/** Every regular file under `dir`, as package paths; refuses what the agent's tools would refuse. */
export async function readPackageDir(dir: string): Promise<PackageFile[]> {
  const files: PackageFile[] = [];
  const walk = async (at: string): Promise<void> => {
    for (const entry of (await readdir(at, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = join(at, entry.name);
      if (entry.isDirectory()) {
        await walk(full);
        continue;
      }
      const path = relative(dir, full).split(sep).join('/');
      if (!entry.isFile()) throw new PackageError(`${path}: not a regular file (links and devices are not part of a package)`);
      if (files.length >= MAX_PACKAGE_FILES) throw new PackageError(`more than ${MAX_PACKAGE_FILES} files in ${dir}`);
      if (!PackagePathSchema.safeParse(path).success) throw new PackageError(`${JSON.stringify(path.slice(0, 80))}: not a package path (letters, digits, _ . / - only)`);
      if ((await stat(full)).size > MAX_FILE_CHARS * 4) throw new PackageError(`${path}: larger than ${MAX_FILE_CHARS} characters`);
      const text = await readFile(full, 'utf8');
      if (text.length > MAX_FILE_CHARS) throw new PackageError(`${path}: larger than ${MAX_FILE_CHARS} characters`);
      files.push({ path, text });
    }
  };
  await walk(dir);
  return files;
}

export async function replayCommand(args: readonly string[], io: CommandIo): Promise<number> {
  let taskId: string;
  let dir: string;
  let pretty: boolean;
  try {
    const { values, positionals } = parseFlags(args, { task: { type: 'string' }, pretty: { type: 'boolean' } }, true);
    if (values.task === undefined) throw new Error('--task is required');
    if (positionals.length !== 1) throw new Error('give exactly one package folder');
    taskId = values.task;
    dir = positionals[0] as string;
    pretty = values.pretty === true;
  } catch (e) {
    io.stderr(`replay: ${usageMessage(e)}\n${USAGE}`);
    return EXIT_USAGE;
  }
  if (!REPRODUCTION_TASKS.some((d) => d.task.task_id === taskId)) {
    io.stderr(`replay: no reproduction task "${taskId.slice(0, 100)}"; \`proving-ground tasks --suite reproduction\` lists them`);
    return EXIT_USAGE;
  }
  let files: PackageFile[];
  try {
    files = await readPackageDir(dir);
  } catch (e) {
    io.stderr(`replay: cannot read the package ${dir}: ${(e as Error).message}`);
    return EXIT_USAGE;
  }
  const env = await createNodeReproductionEnv();
  try {
    const verdict = await env.evaluate(taskId, files);
    io.stdout(pretty ? JSON.stringify(verdict, null, 2) : JSON.stringify(verdict));
    if (verdict.status === 'requires-rerun') return EXIT_REQUIRES_RERUN;
    return verdict.rubric.full ? 0 : 1;
  } catch (e) {
    io.stderr(`replay: the evaluator failed (requires a rerun, not a score): ${(e as Error).message}`);
    return EXIT_REQUIRES_RERUN;
  } finally {
    await env.dispose();
  }
}
