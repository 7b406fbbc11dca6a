/**
 * Leaderboards over stored and imported runs of any suite. Every run is re-scored from its task rows
 * with its own seed (the suite's computeMetrics), so an entry's value and 95 % interval never come
 * from a file's claim: an edited results file cannot move its own entry. Where the run claims
 * metrics (imports), the claim is compared with the recomputation and a difference is reported
 * beside the entry. Boards are per suite and per task group (VEH: probe): metrics of different
 * suites are never ranked against each other.
 */
import type { SuiteMetrics, MetricValue } from '../suite/metrics.ts';
import type { AnySuite } from '../suite/contract.ts';
import type { StoredRunSummary, SuiteRow } from '../store/run-store.ts';
import { matchesFilters, type LeaderboardFilters } from './filters.ts';
import { rankByMetric, type Ranked } from './ranking.ts';
import { isTrusted, runTrust, type Trust } from './trust.ts';

export interface LeaderboardRun {
  summary: StoredRunSummary;
  rows: readonly SuiteRow[];
  /** The metrics the run carries (a file's claim for imports); null when it has none yet. */
  claimed: SuiteMetrics | null;
  /** The run's task filter (manifest task_filter, or the recipe's filters), shown beside the entry. */
  task_filter: Record<string, string>;
}

export interface ScoredRun {
  summary: StoredRunSummary;
  trust: Trust;
  /** Recomputed from the rows with the run's seed. */
  metrics: SuiteMetrics;
  /** Rows per group. */
  tasks: Partial<Record<string, number>>;
  /** Per-task outcome scores per group, in row order (the suite's scoring.outcome), for the score histograms. */
  task_scores: Partial<Record<string, number[]>>;
  task_filter: Record<string, string>;
  /** "P2.p2b" (group.key) for every metric whose claimed value differs from the recomputed one. */
  claim_mismatches: string[];
}

/** Relative tolerance of a claim check: the same code on the same rows gives bit-identical values. */
const CLAIM_TOL = 1e-9;

export interface ScoreOptions {
  resamples?: number;
  /**
   * Reuse the stored metrics of a trusted run (made in this page, or replay-verified, which
   * recomputed them with the same seed) instead of recomputing them: they are the same numbers (the
   * same code on the same rows and seed), and recomputing a full 763-task run costs seconds of main
   * thread. Unverified imports are always recomputed. Default false (always recompute).
   */
  reuseTrustedMetrics?: boolean;
}

/** `suite` is the run's own suite (summary.suite); the caller looks it up in the registry. */
export function scoreRun(suite: AnySuite, run: LeaderboardRun, opts: ScoreOptions = {}): ScoredRun {
  if (run.summary.suite !== suite.descriptor.id) throw new Error(`scoreRun: run ${run.summary.store_id} is of suite "${run.summary.suite}", not "${suite.descriptor.id}"`);
  const trust = runTrust(run.summary);
  const tasks: Partial<Record<string, number>> = {};
  const taskScores: Partial<Record<string, number[]>> = {};
  for (const r of run.rows) {
    const g = suite.scoring.groupOf(r);
    tasks[g] = (tasks[g] ?? 0) + 1;
    (taskScores[g] ??= []).push(suite.scoring.outcome(r).score);
  }
  const reusable = opts.reuseTrustedMetrics === true && isTrusted(trust) && run.claimed !== null && coversGroups(suite, run.claimed, tasks);
  const metrics = reusable && run.claimed ? run.claimed : suite.computeMetrics(run.rows, { seed: run.summary.seed, ...(opts.resamples !== undefined ? { resamples: opts.resamples } : {}) });
  return {
    summary: run.summary,
    trust,
    metrics,
    tasks,
    task_scores: taskScores,
    task_filter: run.task_filter,
    claim_mismatches: run.claimed && !reusable ? claimMismatches(suite, run.claimed, metrics) : [],
  };
}

/** The stored metrics have a table for exactly the groups the rows hold, each resting on all of its rows. */
function coversGroups(suite: AnySuite, metrics: SuiteMetrics, tasks: Partial<Record<string, number>>): boolean {
  return suite.groups.ids.every((g) => {
    const table = Object.hasOwn(metrics, g) ? metrics[g] : undefined;
    const n = tasks[g] ?? 0;
    if (n === 0) return table === undefined;
    const key = suite.groups.headline[g]?.key;
    const headline = key !== undefined && table && Object.hasOwn(table, key) ? table[key] : undefined;
    return headline !== undefined && headline.n === n;
  });
}

/** Metric paths (group.key) whose claimed value is absent from, or differs from, the recomputation. */
export function claimMismatches(suite: AnySuite, claimed: SuiteMetrics, recomputed: SuiteMetrics): string[] {
  const out: string[] = [];
  for (const group of suite.groups.ids) {
    const table = Object.hasOwn(claimed, group) ? claimed[group] : undefined;
    if (!table) continue;
    const mine = Object.hasOwn(recomputed, group) ? recomputed[group] : undefined;
    for (const [key, c] of Object.entries(table)) {
      const r = mine && Object.hasOwn(mine, key) ? mine[key] : undefined;
      if (!sameValue(c.value, r?.value ?? null)) out.push(`${group}.${key}`);
    }
  }
  return out;
}

function sameValue(a: number | null, b: number | null): boolean {
  if (a === null || b === null) return a === b;
  return Math.abs(a - b) <= CLAIM_TOL * Math.max(1, Math.abs(a), Math.abs(b));
}

export interface LeaderboardEntry extends Ranked {
  store_id: string;
  label: string;
  agent_id: string;
  model: string | null;
  source: StoredRunSummary['source'];
  status: StoredRunSummary['status'];
  trust: Trust;
  suite: string;
  group: string;
  key: string;
  metric: MetricValue;
  /** Rows of this group the value rests on. */
  tasks: number;
  task_filter: Record<string, string>;
  started_at: string;
  app_version: string;
  bank_hash: string;
  /** The run's claim for this metric differs from the recomputed value (imports only). */
  claim_differs: boolean;
}

/** One leaderboard: every scored run of `suite` with rows of `group` that passes the filters, ranked on `key`. */
export function leaderboard(suite: AnySuite, runs: readonly ScoredRun[], group: string, key: string, filters: LeaderboardFilters = {}): LeaderboardEntry[] {
  const entries = runs
    .filter((r) => r.summary.suite === suite.descriptor.id && (r.tasks[group] ?? 0) > 0 && matchesFilters(r.summary, r.trust, filters))
    .map((r) => {
      const s = r.summary;
      return {
        store_id: s.store_id,
        label: s.label,
        agent_id: s.agent_id,
        model: s.model,
        source: s.source,
        status: s.status,
        trust: r.trust,
        suite: s.suite,
        group,
        key,
        metric: r.metrics[group]?.[key] ?? { value: null, ci_low: null, ci_high: null, method: 'none' as const, n: 0 },
        tasks: r.tasks[group] ?? 0,
        task_filter: r.task_filter,
        started_at: s.started_at,
        app_version: s.app_version,
        bank_hash: s.bank_hash,
        claim_differs: r.claim_mismatches.includes(`${group}.${key}`),
      };
    });
  return rankByMetric(entries, suite.scoring.metricDirection(key));
}

/** Metric keys available for a group across the runs, in the order the metric tables list them. */
export function metricKeys(runs: readonly ScoredRun[], group: string): string[] {
  const keys: string[] = [];
  for (const r of runs) for (const k of Object.keys(r.metrics[group] ?? {})) if (!keys.includes(k)) keys.push(k);
  return keys;
}
