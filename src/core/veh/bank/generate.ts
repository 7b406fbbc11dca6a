/**
 * Deterministic VEH task-bank generator: literature anchors → projected oracle contexts → P2 (the
 * search backbone) → P3 traps and P4 pools from P2 lineage → P1 triage briefs. Same anchors bytes
 * and seed give the same bank bytes; every random draw comes from a per-task seed derived from the
 * bank seed and the task id (plus an attempt counter when a construction fails its own checks).
 */
import { sha256Hex } from '../../hash/sha256.ts';
import { mean } from '../../stats/quantile.ts';
import { createRng, deriveSeed } from '../../stats/rng.ts';
import {
  P1_SUBTYPES,
  P2_SUBTYPES,
  PROBES,
  SPLITS,
  TRAP_TYPES,
  type BankManifest,
  type P2Subtype,
  type P3Task,
  type Probe,
  type Split,
  type TrapType,
  type VehTask,
} from '../task-schema.ts';
import { parseAnchors } from './anchors.ts';
import { assignByRank } from './difficulty.ts';
import { buildP1, type P1Build } from './p1.ts';
import { buildP2, type P2Build } from './p2.ts';
import { buildP3 } from './p3.ts';
import { buildP4, type P4Build } from './p4.ts';
import { projectAnchors, type AdmissionReport, type ProjectedAnchor } from './projection.ts';
import { RetryableError } from './retry.ts';
import { planSplits, type SplitPlan } from './splits.ts';
import { GENERATOR_VERSION } from './task-common.ts';

export const DEFAULT_BANK_SEED = 42;
export const ANCHORS_FILE = 'data/veh/veh-anchors.json';
export const ORACLE_ID = 'veh-analytical-unimorph (VEHBench Appendix B, A-1..A-22; reference backend)';
export const BANK_FILES: Readonly<Record<Probe, string>> = { P1: 'P1.jsonl', P2: 'P2.jsonl', P3: 'P3.jsonl', P4: 'P4.jsonl' };

/** Published bank sizes per split (VEHBench Table 10). */
export const SPLIT_SIZES: Readonly<Record<Probe, Readonly<Record<Split, number>>>> = {
  P1: { dev: 80, test_id: 80, test_ood: 80 },
  P2: { dev: 64, test_id: 40, test_ood: 104 },
  P3: { dev: 64, test_id: 40, test_ood: 52 },
  P4: { dev: 93, test_id: 36, test_ood: 30 },
};
const P3_TOTAL = SPLITS.reduce((n, s) => n + SPLIT_SIZES.P3[s], 0);
export const DIFFICULTY_COUNTS: Readonly<Record<Probe, readonly { label: string; count: number }[]>> = {
  P1: [
    { label: 'base', count: 60 },
    { label: 'moderate', count: 30 },
    { label: 'hard', count: 150 },
  ],
  P2: [
    { label: 'easy', count: 52 },
    { label: 'medium', count: 52 },
    { label: 'hard', count: 104 },
  ],
  P3: [{ label: 'hard', count: 156 }],
  P4: [
    { label: 'easy', count: 12 },
    { label: 'medium', count: 51 },
    { label: 'hard', count: 96 },
  ],
};
/** P3 source-subtype quotas per split (VEHBench Appendix D, Table 11). */
export const P3_QUOTAS: Readonly<Record<Split, Readonly<Record<string, number>>>> = {
  dev: { boundary_binding: 20, paper_like: 17, power_tight: 12, resonance_tuned: 15 },
  test_id: { boundary_binding: 10, paper_like: 4, power_tight: 15, resonance_tuned: 11 },
  test_ood: { projected_boundary: 18, projected_resonance: 34 },
};
/** Which P2 subtypes feed each projected P3 label on test_ood. */
const PROJECTED_LABELS: Readonly<Record<string, readonly P2Subtype[]>> = {
  projected_boundary: ['boundary_binding', 'power_tight'],
  projected_resonance: ['paper_like', 'resonance_tuned'],
};
const MAX_ATTEMPTS = 8;

const pad = (i: number): string => String(i).padStart(3, '0');
const taskId = (probe: Probe, split: Split, i: number): string => `veh-${probe.toLowerCase()}-${split}-${pad(i)}`;

/** Runs `build` with attempt seeds until it passes its own checks; non-retryable errors propagate. */
function withAttempts<T>(seed: number, id: string, build: (taskSeed: number) => T): T | null {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    try {
      return build(deriveSeed(seed, id, attempt));
    } catch (e) {
      if (!(e instanceof RetryableError)) throw e;
    }
  }
  return null;
}

export interface BankBuild {
  report: AdmissionReport;
  plan: SplitPlan;
  tasks: Record<Probe, VehTask[]>;
  /** P2 initial power / BKF power per task (the anchor-fixed heuristic's score). */
  p2Ratios: number[];
}

function buildP2Bank(seed: number, plan: SplitPlan): P2Build[] {
  const out: P2Build[] = [];
  for (const split of SPLITS) {
    const pool = split === 'test_ood' ? plan.heldOut : plan.inDomain;
    const n = SPLIT_SIZES.P2[split];
    const rng = createRng(deriveSeed(seed, 'p2-slots', split));
    const anchors = rng.shuffle(pool);
    const subtypes = rng.shuffle(Array.from({ length: n }, (_, i) => P2_SUBTYPES[i % P2_SUBTYPES.length] as P2Subtype));
    for (let i = 0; i < n; i++) {
      const id = taskId('P2', split, i);
      const subtype = subtypes[i] as P2Subtype;
      let built: P2Build | null = null;
      for (let shift = 0; shift < anchors.length && !built; shift++) {
        const anchor = anchors[(i + shift) % anchors.length] as ProjectedAnchor;
        built = withAttempts(seed, `${id}/${anchor.id}`, (taskSeed) => {
          try {
            return buildP2({ taskId: id, split, subtype, anchor, taskSeed });
          } catch (e) {
            throw e instanceof RetryableError ? e : new RetryableError((e as Error).message);
          }
        });
      }
      if (!built) throw new Error(`${id}: no anchor yields a valid ${subtype} task`);
      out.push(built);
    }
  }
  return out;
}

function buildP3Bank(seed: number, p2: readonly P2Build[]): P3Task[] {
  const trapOrder = createRng(deriveSeed(seed, 'p3-traps')).shuffle(
    Array.from({ length: P3_TOTAL }, (_, i) => TRAP_TYPES[i % TRAP_TYPES.length] as TrapType),
  );
  let trapIndex = 0;
  const out: P3Task[] = [];
  for (const split of SPLITS) {
    const rng = createRng(deriveSeed(seed, 'p3-slots', split));
    const slots: { label: string; sources: P2Build[] }[] = [];
    for (const [label, count] of Object.entries(P3_QUOTAS[split])) {
      const subtypes = PROJECTED_LABELS[label] ?? [label as P2Subtype];
      const sources = rng.shuffle(p2.filter((b) => b.task.split === split && subtypes.includes(b.task.p2_subtype)));
      if (sources.length === 0) throw new Error(`P3 ${split}: no P2 source task for ${label}`);
      for (let k = 0; k < count; k++) slots.push({ label, sources: [...sources.slice(k % sources.length), ...sources.slice(0, k % sources.length)] });
    }
    rng.shuffle(slots).forEach((slot, i) => {
      const id = taskId('P3', split, i);
      const trapType = trapOrder[trapIndex++] as TrapType;
      let built: P3Task | null = null;
      for (const source of slot.sources) {
        built = withAttempts(seed, `${id}/${source.task.task_id}`, (taskSeed) =>
          buildP3({ taskId: id, split, source, sourceSubtypeLabel: slot.label, trapType, taskSeed }),
        );
        if (built) break;
      }
      if (!built) throw new Error(`${id}: no ${slot.label} P2 task yields a ${trapType} trap`);
      out.push(built);
    });
  }
  return out;
}

function buildP4Bank(seed: number, p2: readonly P2Build[]): P4Build[] {
  const out: P4Build[] = [];
  for (const split of SPLITS) {
    const pools = SPLIT_SIZES.P4[split] / 3;
    const rng = createRng(deriveSeed(seed, 'p4-pools', split));
    // Interleave anchors so pools spread over as many anchors as the split has.
    const byAnchor = new Map<string, P2Build[]>();
    for (const b of rng.shuffle(p2.filter((x) => x.task.split === split))) byAnchor.set(b.anchor.id, [...(byAnchor.get(b.anchor.id) ?? []), b]);
    const queues = [...byAnchor.values()];
    const sources: P2Build[] = [];
    for (let round = 0; sources.length < queues.reduce((s, q) => s + q.length, 0); round++) for (const q of queues) if (q[round]) sources.push(q[round] as P2Build);
    let next = 0;
    for (let k = 0; k < pools; k++) {
      const ids = [taskId('P4', split, 3 * k), taskId('P4', split, 3 * k + 1), taskId('P4', split, 3 * k + 2)] as const;
      let built: P4Build | null = null;
      while (!built && next < sources.length) {
        const source = sources[next++] as P2Build;
        built = withAttempts(seed, `${ids[0]}/${source.task.task_id}`, (taskSeed) => buildP4({ taskIds: ids, split, source, taskSeed }));
      }
      if (!built) throw new Error(`${ids[0]}: ran out of P2 lineages for P4 pools`);
      out.push(built);
    }
  }
  return out;
}

function buildP1Bank(seed: number, plan: SplitPlan): P1Build[] {
  const out: P1Build[] = [];
  for (const split of SPLITS) {
    const contexts = plan.p1Contexts[split];
    const n = SPLIT_SIZES.P1[split];
    const perSubtype = n / P1_SUBTYPES.length;
    const rng = createRng(deriveSeed(seed, 'p1-slots', split));
    const contextOrder = rng.shuffle(Array.from({ length: n }, (_, j) => j % contexts.length));
    const slots = rng.shuffle(
      Array.from({ length: n }, (_, j) => ({ subtype: P1_SUBTYPES[Math.floor(j / perSubtype)] as (typeof P1_SUBTYPES)[number], context: contextOrder[j] as number })),
    );
    slots.forEach((slot, i) => {
      const id = taskId('P1', split, i);
      let built: P1Build | null = null;
      for (let shift = 0; shift < contexts.length && !built; shift++) {
        const anchor = contexts[(slot.context + shift) % contexts.length] as ProjectedAnchor;
        built = withAttempts(seed, `${id}/${anchor.id}`, (taskSeed) => buildP1({ taskId: id, split, subtype: slot.subtype, anchor, taskSeed }));
      }
      if (!built) throw new Error(`${id}: no context yields a valid ${slot.subtype} task`);
      out.push(built);
    });
  }
  return out;
}

export interface BuildOptions {
  /** Called after each family is built, with its wall time (the CLI prints them). */
  onPhase?: (phase: string, ms: number) => void;
  /** Clock for those timings (core reads no ambient time). */
  clock?: () => number;
  /** Build only these families (P2 is built whenever P3 or P4 is asked for); default all four. */
  only?: readonly Probe[];
}

/** Builds every bank as task objects (difficulty labels assigned), plus the admission report and split plan. */
export function buildVehBanks(anchorsJson: unknown, seed: number, options: BuildOptions = {}): BankBuild {
  const clock = options.clock ?? (() => 0);
  let last = clock();
  const phase = (name: string): void => {
    const now = clock();
    options.onPhase?.(name, now - last);
    last = now;
  };
  const report = projectAnchors(parseAnchors(anchorsJson));
  const plan = planSplits(report.admitted, seed);
  phase('anchors');

  const want = (p: Probe): boolean => !options.only || options.only.includes(p);
  const tasks: Record<Probe, VehTask[]> = { P1: [], P2: [], P3: [], P4: [] };
  let p2Ratios: number[] = [];
  if (want('P2') || want('P3') || want('P4')) {
    const p2 = buildP2Bank(seed, plan);
    p2Ratios = p2.map((b) => b.ratio);
    buildDependents(seed, p2, want, tasks, phase);
  }
  if (want('P1')) {
    const p1 = buildP1Bank(seed, plan);
    const p1Difficulty = assignByRank(
      p1.map((b) => ({ id: b.task.task_id, hardness: b.hardness })),
      DIFFICULTY_COUNTS.P1,
    );
    for (const b of p1) b.task.difficulty = p1Difficulty.get(b.task.task_id) as string;
    tasks.P1 = p1.map((b) => b.task);
    phase('P1');
  }
  return { report, plan, tasks, p2Ratios };
}

/** Difficulty for P2, then the P3 traps and P4 pools built on the P2 lineage. */
function buildDependents(seed: number, p2: P2Build[], want: (p: Probe) => boolean, tasks: Record<Probe, VehTask[]>, phase: (name: string) => void): void {
  const p2Difficulty = assignByRank(
    p2.map((b) => ({ id: b.task.task_id, hardness: 0.6 * (1 - b.ratio) + 0.4 * Math.min(1, b.binding.length / 3) })),
    DIFFICULTY_COUNTS.P2,
  );
  for (const b of p2) b.task.difficulty = p2Difficulty.get(b.task.task_id) as string;
  if (want('P2')) tasks.P2 = p2.map((b) => b.task);
  phase('P2');

  if (want('P3')) {
    tasks.P3 = buildP3Bank(seed, p2);
    phase('P3');
  }

  if (want('P4')) {
    const p4 = buildP4Bank(seed, p2);
    const p4Tasks = p4.flatMap((b) => b.tasks);
    const p4Gaps = p4.flatMap((b) => b.minGaps);
    const p4Difficulty = assignByRank(
      p4Tasks.map((t, i) => ({ id: t.task_id, hardness: -(p4Gaps[i] as number) })),
      DIFFICULTY_COUNTS.P4,
    );
    for (const t of p4Tasks) t.difficulty = p4Difficulty.get(t.task_id) as string;
    tasks.P4 = p4Tasks;
    phase('P4');
  }
}

export function toJsonl(tasks: readonly VehTask[]): string {
  return tasks.map((t) => `${JSON.stringify(t)}\n`).join('');
}

function manifestNote(build: BankBuild): string {
  const { report, plan } = build;
  const p2MeanRatio = mean(build.p2Ratios);
  const kinds = report.admitted.reduce<Record<string, number>>((acc, a) => ({ ...acc, [a.kind]: (acc[a.kind] ?? 0) + 1 }), {});
  const groups = (as: readonly ProjectedAnchor[]): string => [...new Set(as.map((a) => a.group))].sort().join(', ');
  return [
    `Generated from ${report.admitted.length + report.excluded.length} literature anchors: ${report.admitted.length} admitted ` +
      `(${kinds.oracle_domain ?? 0} oracle_domain, ${kinds.projected ?? 0} projected; each task's provenance.projection lists every mapping step), ` +
      `${report.excluded.length} excluded (${report.excluded.map((e) => `${e.id}: ${e.reason}`).join('; ')}).`,
    `P2–P4 are source-disjoint: dev/test_id use the anchor groups ${groups(plan.inDomain)}; test_ood uses only the held-out groups ${groups(plan.heldOut)}. ` +
      `P3 and P4 inherit the P2 split of their source task. P1 is a matched triage stage over ${plan.p1Contexts.dev.length} anchor contexts ` +
      `(dev/test_id/test_ood use ${plan.p1Contexts.dev.length}/${plan.p1Contexts.test_id.length}/${plan.p1Contexts.test_ood.length}) and is not source-disjoint.`,
    "Gold labels, BKF designs, traps and rankings come from the analytical oracle through the generator's optimiser portfolio" +
      (p2MeanRatio !== null ? `; the anchor-fixed heuristic (keep the P2 initial design) scores a mean power ratio of ${p2MeanRatio.toFixed(4)} on P2.` : '.'),
    'Difficulty labels are assigned by rank of a hardness score to the published counts: P1 by proximity of the target to the feasibility boundary ' +
      '(plus distractor and ambiguity terms), P2 by 0.6·(1 − initial/BKF) + 0.4·(active constraints at the BKF)/3, P3 all hard, P4 by the smallest adjacent policy-score gap.',
  ].join(' ');
}

/** Generates the four bank files and their manifest. Same anchors bytes and seed → same bytes. */
export function generateVehBanks(
  anchorsJson: unknown,
  anchorsFileBytes: Uint8Array,
  seed: number,
  options: BuildOptions = {},
): { files: Record<string, string>; manifest: BankManifest } {
  const build = buildVehBanks(anchorsJson, seed, options);
  const encoder = new TextEncoder();
  const files: Record<string, string> = {};
  const banks: BankManifest['banks'] = [];
  for (const probe of PROBES) {
    if (options.only && !options.only.includes(probe)) continue;
    const tasks = build.tasks[probe];
    const text = toJsonl(tasks);
    const bytes = encoder.encode(text);
    files[BANK_FILES[probe]] = text;
    banks.push({
      probe,
      file: BANK_FILES[probe],
      count: tasks.length,
      bytes: bytes.length,
      sha256: sha256Hex(bytes),
      by_split: Object.fromEntries(SPLITS.map((s) => [s, tasks.filter((t) => t.split === s).length])),
    });
  }
  const manifest: BankManifest = {
    suite: 'veh',
    generator_version: GENERATOR_VERSION,
    seed,
    oracle: ORACLE_ID,
    built_from: { anchors_file: ANCHORS_FILE, anchors_sha256: sha256Hex(anchorsFileBytes) },
    banks,
    note: manifestNote(build),
  };
  files['manifest.json'] = `${JSON.stringify(manifest, null, 2)}\n`;
  return { files, manifest };
}
