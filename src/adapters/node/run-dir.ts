/**
 * A crash-safe run folder (issue 21: a kill -9 at 304/763 tasks, or after five paid model replies,
 * used to leave nothing, and writing over an earlier run deleted its transcripts first).
 *
 *  - run.json (written first, temp + rename): the recipe — the command's arguments, suite, bank
 *    hash, task ids, start time and the folder the run is meant for — so `run --resume DIR` can
 *    repeat exactly that run.
 *  - transcripts/<task>.json: written as each task ends (temp + rename, so a file is whole or absent),
 *    then one line appended to tasks.jsonl (task_index, task_id, file, sha256 of the bytes). A crash
 *    loses at most the task in flight; a half-written last index line is ignored on resume.
 *  - results.json, results.md: at the end (temp + rename).
 *
 * Nothing of an earlier run is deleted before the new one is complete: a folder that is empty or
 * absent is written directly; a folder holding an earlier, finished run gets the new run in a
 * sibling `.<name>.run-<id>` folder that replaces it (the whole folder) by rename only when the new
 * run completes (until then the earlier run is intact and the sibling can be resumed). A folder
 * holding an interrupted run is refused: its finished tasks may be paid model replies — resume it
 * instead. A non-empty folder that holds no run is refused too (the swap would delete its files).
 * Writes are not fsynced: they survive a killed process (the kernel has them), not a power cut.
 */
import { createHash } from 'node:crypto';
import { appendFile, mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import type { AnySuite } from '../../core/suite/contract.ts';
import { parseSuiteTranscript } from '../../core/suite/files.ts';
import { ImportError } from '../../core/verify/import.ts';
import type { TranscriptCore } from '../../core/run/transcript-core.ts';
import { RESULTS_JSON, RESULTS_MD, TRANSCRIPTS_DIR, parseJsonFile, replaceDir, transcriptFileName, type RunOutput } from './run-files.ts';

export const RUN_JSON = 'run.json';
export const TASKS_JSONL = 'tasks.jsonl';

export const RunRecipeSchema = z.strictObject({
  format: z.literal('proving-ground-run/1'),
  suite: z.string(),
  /** The `run` arguments without --out / --resume: parsing them again gives the same run. */
  args: z.array(z.string()),
  bank_hash: z.string(),
  /** The shard's (or whole selection's) task ids in run order. */
  task_ids: z.array(z.string()),
  started_ms: z.number(),
  /** Where the finished run belongs; differs from the folder itself while an earlier run is kept. */
  target: z.string(),
});
export type RunRecipe = z.infer<typeof RunRecipeSchema>;

const IndexLineSchema = z.strictObject({ task_index: z.number().int().nonnegative(), task_id: z.string(), file: z.string(), sha256: z.string() });

const sha256 = (bytes: string): string => createHash('sha256').update(bytes).digest('hex');

/** Writes `text` to a temp file beside `file`, then renames it into place (a reader sees old or new, never half). */
export async function writeAtomic(file: string, text: string): Promise<void> {
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
  await writeFile(tmp, text);
  await rename(tmp, file);
}

async function entries(dir: string): Promise<string[] | null> {
  try {
    return await readdir(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as unknown;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`${file} is damaged: ${(e as Error).message}`, { cause: e });
  }
}

/** The recipe in DIR/run.json, or null when DIR holds none; throws naming the file when it is damaged. */
export async function readRecipe(dir: string): Promise<RunRecipe | null> {
  const raw = await readJson(join(dir, RUN_JSON));
  if (raw === undefined) return null;
  const parsed = RunRecipeSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`${join(dir, RUN_JSON)} is not a run recipe: ${parsed.error.issues[0]?.message ?? 'schema mismatch'}`);
  return parsed.data;
}

/** Whether DIR's run ended complete (results.json with status completed). */
export async function isComplete(dir: string): Promise<boolean> {
  const raw = (await readJson(join(dir, RESULTS_JSON))) as { manifest?: { status?: unknown } } | undefined;
  return raw?.manifest?.status === 'completed';
}

/**
 * Where a new run meant for `target` is written: `target` itself when absent or empty, else a
 * sibling swapped in at the end. Throws (with what to do) when `target` holds an interrupted run.
 */
export async function chooseRunDir(target: string, tag: string): Promise<string> {
  const names = await entries(target);
  if (names === null || names.length === 0) return target;
  if (names.includes(RUN_JSON) && !(await isComplete(target))) {
    throw new Error(`${target} holds an interrupted run: continue it with \`run --resume ${target}\`, or give another --out`);
  }
  // The swap replaces the whole folder: never do that to a folder that is not a run's.
  if (!names.includes(RESULTS_JSON) && !names.includes(RUN_JSON)) {
    throw new Error(`${target} is not empty and holds no run (no ${RESULTS_JSON} or ${RUN_JSON}): give a new or empty folder for --out`);
  }
  return join(dirname(target), `.${basename(target)}.run-${tag.replace(/[^A-Za-z0-9._-]/g, '_')}`);
}

/** The run's folder as it is written: recipe first, then each task as it ends, results at the end. */
export class RunDir {
  private readonly used = new Set<string>();

  private constructor(
    readonly dir: string,
    readonly recipe: RunRecipe,
  ) {}

  static async create(dir: string, recipe: RunRecipe): Promise<RunDir> {
    await mkdir(join(dir, TRANSCRIPTS_DIR), { recursive: true });
    await writeAtomic(join(dir, RUN_JSON), `${JSON.stringify(recipe, null, 2)}\n`);
    return new RunDir(dir, recipe);
  }

  /**
   * Opens an interrupted run for resuming: its recipe and the tasks it finished (by index into the
   * recipe's task ids), each checked against its index line's sha256 and the suite's transcript
   * schema. A task whose file is missing or does not match is reported in `dropped` and run again.
   */
  static async open(
    suite: AnySuite,
    dir: string,
  ): Promise<{ runDir: RunDir; finished: Map<number, TranscriptCore>; dropped: string[] }> {
    const recipe = await readRecipe(dir);
    if (recipe === null) throw new Error(`${dir} holds no ${RUN_JSON}: it is not a run folder this version can resume`);
    if (recipe.suite !== suite.descriptor.id) throw new Error(`${join(dir, RUN_JSON)} is a ${recipe.suite} run, not ${suite.descriptor.id}`);
    if (await isComplete(dir)) throw new Error(`${dir} holds a completed run: nothing to resume`);
    const runDir = new RunDir(dir, recipe);
    await mkdir(join(dir, TRANSCRIPTS_DIR), { recursive: true });
    const finished = new Map<number, TranscriptCore>();
    const dropped: string[] = [];
    let text = '';
    try {
      text = await readFile(join(dir, TASKS_JSONL), 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    const lines = text.split('\n');
    for (const [n, line] of lines.entries()) {
      if (line.trim() === '') continue;
      let entry: z.infer<typeof IndexLineSchema>;
      try {
        entry = IndexLineSchema.parse(JSON.parse(line));
      } catch (e) {
        // The last line may be cut by the crash; anything earlier means the index itself is damaged.
        if (n === lines.length - 1) continue;
        throw new Error(`${join(dir, TASKS_JSONL)} line ${n + 1} is damaged: ${(e as Error).message}`, { cause: e });
      }
      const file = join(dir, TRANSCRIPTS_DIR, entry.file);
      runDir.used.add(entry.file);
      if (recipe.task_ids[entry.task_index] !== entry.task_id) {
        throw new Error(`${join(dir, TASKS_JSONL)} line ${n + 1}: task ${entry.task_index} is ${entry.task_id}, the recipe says ${recipe.task_ids[entry.task_index] ?? 'nothing'}`);
      }
      let bytes: string;
      try {
        bytes = await readFile(file, 'utf8');
      } catch {
        dropped.push(`${file} is missing`);
        continue;
      }
      if (sha256(bytes) !== entry.sha256) {
        dropped.push(`${file} does not match its sha256 in ${TASKS_JSONL}`);
        continue;
      }
      let transcript: TranscriptCore;
      try {
        transcript = parseSuiteTranscript(suite, file, parseJsonFile(file, bytes));
      } catch (e) {
        // Bytes as indexed but not a transcript this version reads (an older writer, a hand edit): named, and the task re-run.
        if (!(e instanceof ImportError)) throw e;
        dropped.push(`${file} is not a valid transcript (${e.message})`);
        continue;
      }
      if (transcript.task.task_id !== entry.task_id) throw new Error(`${file} holds task ${transcript.task.task_id}, the index says ${entry.task_id}`);
      finished.set(entry.task_index, transcript);
    }
    return { runDir, finished, dropped };
  }

  /** Writes one finished task: its transcript (temp + rename), then its index line. */
  async commit(taskIndex: number, transcript: TranscriptCore): Promise<void> {
    let file = transcriptFileName(transcript.task.task_id);
    for (let k = 2; this.used.has(file); k++) file = transcriptFileName(`${transcript.task.task_id}~${k}`);
    this.used.add(file);
    const bytes = `${JSON.stringify(transcript, null, 2)}\n`;
    await writeAtomic(join(this.dir, TRANSCRIPTS_DIR, file), bytes);
    const line = { task_index: taskIndex, task_id: transcript.task.task_id, file, sha256: sha256(bytes) };
    await appendFile(join(this.dir, TASKS_JSONL), `${JSON.stringify(line)}\n`);
  }

  /**
   * Writes results.json and results.md (temp + rename). A completed run written beside its target
   * then replaces the target: the earlier run is moved aside, the new one renamed in, the earlier
   * one removed — at every moment one whole run is on disk. Returns the folder the run is now in.
   */
  async finish(suite: AnySuite, result: RunOutput & { status: string }): Promise<string> {
    const content = result as Parameters<AnySuite['results']['build']>[0];
    await writeAtomic(join(this.dir, RESULTS_JSON), `${JSON.stringify(suite.results.build(content), null, 2)}\n`);
    await writeAtomic(join(this.dir, RESULTS_MD), suite.results.markdown(content));
    const target = this.recipe.target;
    if (resolve(target) === resolve(this.dir) || result.status !== 'completed') return this.dir;
    await replaceDir(this.dir, target);
    return target;
  }
}
