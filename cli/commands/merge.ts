/**
 * `proving-ground merge --out DIR SHARD_DIR...`: joins the run folders written by
 * `run --shard 1/n` … `run --shard n/n` into one run folder (results.json, results.md,
 * transcripts/), whose rows and metrics are the unsharded run's; `verify DIR` then checks it like
 * any run. Refuses shards of different recipes, repeated or missing shards (exit 2, naming which).
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { EXIT_USAGE, UsageError, parseFlags, usageMessage } from '../args.ts';
import type { CommandIo } from '../io.ts';
import { RESULTS_JSON, readSuiteTranscripts, writeSuiteRunOutput } from '../../src/adapters/node/run-files.ts';
import { MergeError, mergeShards, type ShardRun } from '../../src/core/run/merge.ts';
import type { AnySuite } from '../../src/core/suite/contract.ts';
import { parseSuiteResults, suiteIdOfFile } from '../../src/core/suite/files.ts';
import { SUITES } from '../../src/core/suites.ts';
import { ImportError } from '../../src/core/verify/import.ts';

const USAGE = 'usage: proving-ground merge --out DIR SHARD_DIR...   (run folders written by `run --shard i/n`)';

async function readShard(dir: string): Promise<{ suite: AnySuite; run: ShardRun }> {
  const file = join(dir, RESULTS_JSON);
  if (!(await stat(file).catch(() => null))) throw new MergeError(`${dir} has no ${RESULTS_JSON}`);
  const raw = JSON.parse(await readFile(file, 'utf8')) as unknown;
  const id = suiteIdOfFile(raw);
  if (id === null || !SUITES.has(id)) throw new MergeError(`${file} names no suite this build knows`);
  const suite = SUITES.get(id);
  const results = parseSuiteResults(suite, file, raw);
  return { suite, run: { source: dir, manifest: results.manifest, rows: results.rows, transcripts: await readSuiteTranscripts(suite, dir) } };
}

export async function mergeCommand(args: string[], io: CommandIo): Promise<number> {
  let out: string;
  let dirs: string[];
  try {
    const { values, positionals } = parseFlags(args, { out: { type: 'string' } }, true);
    if (!values.out) throw new UsageError('--out DIR is required');
    if (positionals.length === 0) throw new UsageError('give the shard folders to merge');
    out = values.out;
    dirs = positionals;
  } catch (e) {
    io.stderr(`merge: ${usageMessage(e)}\n${USAGE}`);
    return EXIT_USAGE;
  }
  try {
    const shards = await Promise.all(dirs.map(readShard));
    const suite = shards[0]?.suite as AnySuite;
    const merged = mergeShards(
      suite,
      shards.map((s) => s.run),
    );
    try {
      await writeSuiteRunOutput(suite, out, merged);
    } catch (e) {
      // A folder it must not replace (or a write that failed): the earlier contents are untouched.
      io.stderr(`merge: ${(e as Error).message}`);
      return 1;
    }
    io.stdout(`merged ${dirs.length} shards of ${merged.manifest.run_id}: ${merged.rows.length} tasks, status ${merged.status}; wrote ${out}/results.json, results.md, transcripts/ (${merged.transcripts.length} files)`);
    return 0;
  } catch (e) {
    if (e instanceof MergeError || e instanceof ImportError) {
      io.stderr(`merge: ${e.message}`);
      return EXIT_USAGE;
    }
    throw e;
  }
}
