/**
 * Leaderboards over stored and imported runs. Every run is re-scored from its task rows with its own
 * seed (computeVehMetrics), so an entry's value and 95 % interval never come from a file's claim: an
 * edited results file cannot move its own entry. Where the run claims metrics (imports), the claim
 * is compared with the recomputation and a difference is reported beside the entry.
 */
import { HEADLINE_METRICS } from '../veh/run/headline.ts';
import type { SuiteMetrics } from '../suite/metrics.ts';
import type { StoredRunSummary } from '../store/run-store.ts';
import { computeVehMetrics } from '../veh/metrics/index.ts';
import type { MetricValue, VehRow } from '../veh/rows.ts';
import { PROBES, type Probe } from '../veh/task-schema.ts';
import { matchesFilters, type LeaderboardFilters } from './filters.ts';
import { metricDirection } from './metric-catalog.ts';
import { rankByMetric, type Ranked } from './ranking.ts';
import { taskOutcome } from './task-outcome.ts';
import { isTrusted, runTrust, type Trust } from './trust.ts';

export interface LeaderboardRun {
  summary: StoredRunSummary;
  rows: readonly VehRow[];
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
  /** Rows per probe. */
  tasks: Partial<Record<Probe, number>>;
  /** Per-task scores per probe, in row order (task-outcome.ts), for the score histograms. */
  task_scores: Partial<Record<Probe, number[]>>;
  task_filter: Record<string, string>;
  /** "P2.p2b" for every metric whose claimed value differs from the recomputed one. */
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

export function scoreRun(run: LeaderboardRun, opts: ScoreOptions = {}): ScoredRun {
  const trust = runTrust(run.summary);
  const tasks: Partial<Record<Probe, number>> = {};
  const taskScores: Partial<Record<Probe, number[]>> = {};
  for (const r of run.rows) {
    tasks[r.probe] = (tasks[r.probe] ?? 0) + 1;
    (taskScores[r.probe] ??= []).push(taskOutcome(r).score);
  }
  const reusable = opts.reuseTrustedMetrics === true && isTrusted(trust) && run.claimed !== null && coversProbes(run.claimed, tasks);
  const metrics = reusable && run.claimed ? run.claimed : computeVehMetrics(run.rows, { seed: run.summary.seed, resamples: opts.resamples });
  return {
    summary: run.summary,
    trust,
    metrics,
    tasks,
    task_scores: taskScores,
    task_filter: run.task_filter,
    claim_mismatches: run.claimed && !reusable ? claimMismatches(run.claimed, metrics) : [],
  };
}

/** The stored metrics have a table for exactly the probes the rows hold, each resting on all of its rows. */
function coversProbes(metrics: SuiteMetrics, tasks: Partial<Record<Probe, number>>): boolean {
  return PROBES.every((p) => {
    const table = metrics[p];
    const n = tasks[p] ?? 0;
    if (n === 0) return table === undefined;
    const headline = table?.[HEADLINE_METRICS[p].key];
    return headline !== undefined && headline.n === n;
  });
}

/** Metric paths (probe.key) whose claimed value is absent from, or differs from, the recomputation. */
export function claimMismatches(claimed: SuiteMetrics, recomputed: SuiteMetrics): string[] {
  const out: string[] = [];
  for (const probe of PROBES) {
    const table = claimed[probe];
    if (!table) continue;
    for (const [key, c] of Object.entries(table)) {
      const r = recomputed[probe]?.[key];
      if (!sameValue(c.value, r?.value ?? null)) out.push(`${probe}.${key}`);
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
  probe: Probe;
  key: string;
  metric: MetricValue;
  /** Rows of this probe the value rests on. */
  tasks: number;
  task_filter: Record<string, string>;
  started_at: string;
  app_version: string;
  bank_hash: string;
  /** The run's claim for this metric differs from the recomputed value (imports only). */
  claim_differs: boolean;
}

/** One leaderboard: every scored run with rows of `probe` that passes the filters, ranked on `key`. */
export function leaderboard(runs: readonly ScoredRun[], probe: Probe, key: string, filters: LeaderboardFilters = {}): LeaderboardEntry[] {
  const entries = runs
    .filter((r) => (r.tasks[probe] ?? 0) > 0 && matchesFilters(r.summary, r.trust, filters))
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
        probe,
        key,
        metric: r.metrics[probe]?.[key] ?? { value: null, ci_low: null, ci_high: null, method: 'none' as const, n: 0 },
        tasks: r.tasks[probe] ?? 0,
        task_filter: r.task_filter,
        started_at: s.started_at,
        app_version: s.app_version,
        bank_hash: s.bank_hash,
        claim_differs: r.claim_mismatches.includes(`${probe}.${key}`),
      };
    });
  return rankByMetric(entries, metricDirection(key));
}

/** Metric keys available for a probe across the runs, in the order the metric tables list them. */
export function metricKeys(runs: readonly ScoredRun[], probe: Probe): string[] {
  const keys: string[] = [];
  for (const r of runs) for (const k of Object.keys(r.metrics[probe] ?? {})) if (!keys.includes(k)) keys.push(k);
  return keys;
}
