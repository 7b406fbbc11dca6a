/**
 * Joins the shards of one run (`run --shard i/n`, see shard.ts) into one run: rows and transcripts
 * in shard order — the unsharded run's order, since each shard is a contiguous block with global
 * task indices — metrics recomputed from the joined rows with the run's seed, and one manifest.
 * Shards of different recipes are refused (another suite, agent, seed, bank, options or filter),
 * as are incomplete or repeated shard sets, each with the field or shard that differs.
 */
import type { AnySuite } from '../suite/contract.ts';
import type { SuiteMetrics } from '../suite/metrics.ts';
import { canonicalJson } from '../verify/canonical-json.ts';
import { iso, type ManifestCore } from './manifest-core.ts';
import type { TranscriptCore } from './transcript-core.ts';
import { runUsage } from './usage.ts';
import { parseShard, type Shard } from './shard.ts';

export class MergeError extends Error {}

export interface ShardRun {
  /** Where it came from, for messages (a folder). */
  source: string;
  manifest: ManifestCore;
  rows: readonly { task_id: string }[];
  transcripts: readonly TranscriptCore[];
}

export interface MergedRun {
  status: ManifestCore['status'];
  manifest: ManifestCore;
  rows: { task_id: string }[];
  metrics: SuiteMetrics;
  transcripts: TranscriptCore[];
}

/** Manifest fields that differ between shards of one recipe by construction. */
const PER_SHARD = new Set(['run_id', 'task_count', 'started_at', 'finished_at', 'status', 'usage', 'warnings']);

function recipeOf(m: ManifestCore): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(m)) {
    if (PER_SHARD.has(k)) continue;
    if (k === 'task_filter') {
      const { shard: _shard, ...rest } = v as Record<string, string>;
      out[k] = rest;
    } else if (k === 'model' && v && typeof v === 'object') {
      // The model versions the provider reported can differ between machines; the model asked for cannot.
      const { model_versions: _versions, ...rest } = v as Record<string, unknown>;
      out[k] = rest;
    } else out[k] = v;
  }
  return out;
}

function shardOf(run: ShardRun): Shard {
  const label = Object.hasOwn(run.manifest.task_filter, 'shard') ? run.manifest.task_filter.shard : undefined;
  if (label === undefined) throw new MergeError(`${run.source} is not a shard (its task_filter has no "shard"; run it with --shard i/n)`);
  try {
    return parseShard(label);
  } catch {
    throw new MergeError(`${run.source}: task_filter.shard "${label}" is not i/n`);
  }
}

const STATUS_RANK: Readonly<Record<ManifestCore['status'], number>> = { completed: 0, cancelled: 1, failed: 2 };

export function mergeShards(suite: AnySuite, runs: readonly ShardRun[]): MergedRun {
  if (runs.length === 0) throw new MergeError('no shards to merge');
  const id = suite.descriptor.id;
  const withShard = runs.map((r) => ({ run: r, shard: shardOf(r) }));
  const count = withShard[0]?.shard.count ?? 0;
  const first = withShard[0]?.run as ShardRun;
  const recipe = canonicalJson(recipeOf(first.manifest));
  for (const { run, shard } of withShard) {
    if (run.manifest.suite !== id) throw new MergeError(`${run.source} is a ${run.manifest.suite} run, not ${id}`);
    if (shard.count !== count) throw new MergeError(`${run.source} is shard ${shard.index}/${shard.count}, the others are of ${count}`);
    const mine = recipeOf(run.manifest);
    if (canonicalJson(mine) !== recipe) {
      const theirs = recipeOf(first.manifest);
      const field = [...new Set([...Object.keys(mine), ...Object.keys(theirs)])].find((k) => canonicalJson(mine[k] ?? null) !== canonicalJson(theirs[k] ?? null));
      throw new MergeError(`${run.source} is not a shard of the same run as ${first.source}: manifest field "${field ?? '?'}" differs`);
    }
  }
  const seen = new Map<number, string>();
  for (const { run, shard } of withShard) {
    const other = seen.get(shard.index);
    if (other !== undefined) throw new MergeError(`shard ${shard.index}/${count} given twice (${other} and ${run.source})`);
    seen.set(shard.index, run.source);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !seen.has(i));
  if (missing.length > 0) throw new MergeError(`missing shard(s) ${missing.map((i) => `${i}/${count}`).join(', ')}`);

  const ordered = withShard.slice().sort((a, b) => a.shard.index - b.shard.index).map((x) => x.run);
  const rows = ordered.flatMap((r) => [...r.rows]);
  const transcripts = ordered.flatMap((r) => [...r.transcripts].sort((a, b) => a.settings.task_index - b.settings.task_index));
  const indices = new Set<number>();
  for (const t of transcripts) {
    if (indices.has(t.settings.task_index)) throw new MergeError(`task_index ${t.settings.task_index} (${t.task.task_id}) appears in two shards`);
    indices.add(t.settings.task_index);
  }
  const status = ordered.map((r) => r.manifest.status).reduce((a, b) => (STATUS_RANK[b] > STATUS_RANK[a] ? b : a), 'completed' as ManifestCore['status']);
  const { shard: _shard, ...filters } = first.manifest.task_filter;
  const started = Math.min(...ordered.map((r) => Date.parse(r.manifest.started_at)));
  const finished = Math.max(...ordered.map((r) => Date.parse(r.manifest.finished_at)));
  const warnings = [...new Set(ordered.flatMap((r) => r.manifest.warnings ?? []))];
  const agent = { ...first.manifest.agent, start: () => { throw new Error('a merged run is not run again'); } };
  const options = suite.optionsOf(first.manifest);
  const manifest: ManifestCore = {
    ...first.manifest,
    run_id: suite.runId({ agent, seed: first.manifest.seed, appVersion: first.manifest.app_version, bankHash: first.manifest.bank_hash, filters, taskCount: rows.length, oracleBackend: first.manifest.oracle_backend, startedMs: started, options }),
    task_filter: filters,
    task_count: ordered.reduce((n, r) => n + r.manifest.task_count, 0),
    started_at: iso(started),
    finished_at: iso(finished),
    status,
    ...(first.manifest.model ? { model: { ...first.manifest.model, model_versions: [...new Set(ordered.flatMap((r) => r.manifest.model?.model_versions ?? []))] } } : {}),
    ...(first.manifest.usage ? { usage: runUsage(transcripts) } : {}),
    ...(warnings.length > 0 ? { warnings } : {}),
  };
  const parsed = suite.schemas.manifest.safeParse(manifest);
  if (!parsed.success) throw new MergeError(`the merged manifest does not validate: ${parsed.error.issues[0]?.message ?? 'schema mismatch'}`);
  return { status, manifest: parsed.data, rows, metrics: suite.computeMetrics(rows, { seed: first.manifest.seed }), transcripts };
}
