/**
 * Stage-aware routing simulation (App. K.2, Table 31; Finding 3 Table 5). Per stage, the router
 * picks the unit with the best dev-split headline score (ties: the auxiliary metric of stage-scores.ts,
 * then the label); it is judged on the held-out splits, test_id and test_ood combined with task-count
 * weights. Each stage's held-out score is divided by the held-out stage best before averaging, so the
 * ex-post envelope (every stage's held-out best) is 1 by construction.
 */
import { PROBES, type Probe, type Split } from '../task-schema.ts';
import type { VehRow } from '../rows.ts';
import { benchmarkRows, groupUnits, type AnalysisRun, type AnalysisUnit } from './analysis-run.ts';
import { STAGE_AUX_LABEL, STAGE_SCORE_LABEL, stageAux, stageScore } from './stage-scores.ts';
import { makeTable, numberColumn, textColumn, type AnalysisRow, type AnalysisTable, type Cell } from '../../analyses/table.ts';

export const VALIDATION_SPLIT: Split = 'dev';
export const HELD_OUT_SPLITS: readonly Split[] = ['test_id', 'test_ood'];

interface StageCell {
  unit: number;
  score: number | null;
}

export interface UnitStageData {
  dev: number | null;
  devAux: number | null;
  heldOut: number | null;
  /** Held-out task rows of this stage (the weight denominators). */
  heldOutTasks: string[];
  devTasks: string[];
}

export interface RoutingStrategy {
  name: string;
  /** Per stage: the unit used (index into units) and its held-out score. */
  stages: Partial<Record<Probe, StageCell>>;
  meanNorm: number | null;
}

export interface RoutingResult {
  units: AnalysisUnit[];
  /** Stages where some unit has both dev and held-out rows. */
  stages: Probe[];
  data: Record<Probe, UnitStageData[]>;
  heldOutBest: Partial<Record<Probe, number>>;
  strategies: RoutingStrategy[];
  singles: RoutingStrategy[];
}

const ofProbeAndSplit = (rows: readonly VehRow[], probe: Probe, split: Split): VehRow[] => rows.filter((r) => r.probe === probe && r.split === split);

/** Held-out score: each split's score weighted by its task count (splits without a score carry no weight). */
export function heldOutScore(probe: Probe, rows: readonly VehRow[]): number | null {
  let sum = 0;
  let weight = 0;
  for (const split of HELD_OUT_SPLITS) {
    const part = ofProbeAndSplit(rows, probe, split);
    const s = stageScore(probe, part);
    if (s === null) continue;
    sum += s * part.length;
    weight += part.length;
  }
  return weight === 0 ? null : sum / weight;
}

function stageData(probe: Probe, rows: readonly VehRow[]): UnitStageData {
  const dev = ofProbeAndSplit(rows, probe, VALIDATION_SPLIT);
  const held = rows.filter((r) => r.probe === probe && HELD_OUT_SPLITS.includes(r.split));
  return {
    dev: stageScore(probe, dev),
    devAux: stageAux(probe, dev),
    heldOut: heldOutScore(probe, rows),
    heldOutTasks: held.map((r) => r.task_id),
    devTasks: dev.map((r) => r.task_id),
  };
}

/** Index of the best candidate by (score, aux) descending, then label ascending; null when none scores. */
function argBest(cands: readonly { score: number | null; aux: number | null; label: string }[]): number | null {
  let best: number | null = null;
  cands.forEach((c, i) => {
    if (c.score === null) return;
    if (best === null) {
      best = i;
      return;
    }
    const b = cands[best] as (typeof cands)[number];
    const bs = b.score as number;
    if (c.score > bs) best = i;
    else if (c.score === bs) {
      const ca = c.aux ?? -Infinity;
      const ba = b.aux ?? -Infinity;
      if (ca > ba || (ca === ba && c.label < b.label)) best = i;
    }
  });
  return best;
}

/** Mean over stages of score / best; null when a stage has no score or a non-positive best. */
function meanNormalised(stages: readonly Probe[], pick: (p: Probe) => number | null, best: Partial<Record<Probe, number>>): number | null {
  if (stages.length === 0) return null;
  let sum = 0;
  for (const p of stages) {
    const s = pick(p);
    const b = best[p];
    if (s === null || b === undefined || b <= 0) return null;
    sum += s / b;
  }
  return sum / stages.length;
}

export function simulateRouting(runs: readonly AnalysisRun[]): RoutingResult {
  const units = groupUnits(runs);
  const rowsOf = units.map((u) => benchmarkRows(u.rows));
  const data = {} as Record<Probe, UnitStageData[]>;
  for (const p of PROBES) data[p] = rowsOf.map((rows) => stageData(p, rows));
  const stages = PROBES.filter((p) => data[p].some((d) => d.dev !== null) && data[p].some((d) => d.heldOut !== null));

  const best = (pick: (d: UnitStageData) => number | null): Partial<Record<Probe, number>> => {
    const out: Partial<Record<Probe, number>> = {};
    for (const p of stages) {
      const vals = data[p].map(pick).filter((v): v is number => v !== null);
      if (vals.length > 0) out[p] = Math.max(...vals);
    }
    return out;
  };
  const heldOutBest = best((d) => d.heldOut);
  const devBest = best((d) => d.dev);
  const single = (name: string, u: number): RoutingStrategy => {
    const s: Partial<Record<Probe, StageCell>> = {};
    for (const p of stages) s[p] = { unit: u, score: data[p][u]?.heldOut ?? null };
    return { name, stages: s, meanNorm: meanNormalised(stages, (p) => s[p]?.score ?? null, heldOutBest) };
  };

  const singles = units.map((u, i) => single(`single model: ${u.label}`, i));
  const strategies: RoutingStrategy[] = [];
  // Validation aggregate leader: the one unit with the best mean normalised dev score.
  const devMeans = units.map((u, i) => ({ score: meanNormalised(stages, (p) => data[p][i]?.dev ?? null, devBest), aux: null, label: u.label }));
  const leader = argBest(devMeans);
  if (leader !== null) strategies.push(single('validation aggregate leader', leader));
  // The single-model fallback: the unit with the best mean normalised held-out score (ex post).
  const fallback = argBest(singles.map((s, i) => ({ score: s.meanNorm, aux: null, label: units[i]?.label ?? '' })));
  if (fallback !== null) strategies.push(single('best held-out single model', fallback));
  // The router: per stage, the dev winner; judged on held-out rows.
  const routed: Partial<Record<Probe, StageCell>> = {};
  const envelope: Partial<Record<Probe, StageCell>> = {};
  for (const p of stages) {
    const pickDev = argBest(data[p].map((d, i) => ({ score: d.dev, aux: d.devAux, label: units[i]?.label ?? '' })));
    if (pickDev !== null) routed[p] = { unit: pickDev, score: data[p][pickDev]?.heldOut ?? null };
    const pickHeld = argBest(data[p].map((d, i) => ({ score: d.heldOut, aux: null, label: units[i]?.label ?? '' })));
    if (pickHeld !== null) envelope[p] = { unit: pickHeld, score: data[p][pickHeld]?.heldOut ?? null };
  }
  strategies.push({ name: 'validation-selected stage router', stages: routed, meanNorm: meanNormalised(stages, (p) => routed[p]?.score ?? null, heldOutBest) });
  strategies.push({ name: 'ex-post stage-best envelope', stages: envelope, meanNorm: meanNormalised(stages, (p) => envelope[p]?.score ?? null, heldOutBest) });
  return { units, stages, data, heldOutBest, strategies, singles };
}

function strategyRow(r: RoutingResult, s: RoutingStrategy): AnalysisRow {
  const cells: Record<string, Cell> = { strategy: s.name };
  const runIds = new Set<string>();
  const taskIds = new Set<string>();
  for (const p of r.stages) {
    const c = s.stages[p];
    cells[p] = c?.score ?? null;
    cells[`${p}_unit`] = c ? (r.units[c.unit]?.label ?? null) : null;
    if (!c) continue;
    for (const id of r.units[c.unit]?.run_ids ?? []) runIds.add(id);
    for (const id of r.data[p][c.unit]?.heldOutTasks ?? []) taskIds.add(id);
  }
  cells.mean_norm = s.meanNorm;
  return { cells, provenance: { run_ids: [...runIds].sort(), task_ids: [...taskIds].sort() } };
}

/** Table 31's four strategies, then every unit as a single model (Table 5's specialists). */
export function routingTable(runs: readonly AnalysisRun[]): AnalysisTable {
  const r = simulateRouting(runs);
  const notes = [
    `Selection on the ${VALIDATION_SPLIT} split; scores on ${HELD_OUT_SPLITS.join(' + ')} combined with task-count weights. Stage cells are raw held-out headline scores (${r.stages.map((p) => `${p} ${STAGE_SCORE_LABEL[p]}`).join(', ')}); mean norm. averages each stage's score divided by its held-out best.`,
    `Dev ties are broken by ${r.stages.map((p) => `${p} ${STAGE_AUX_LABEL[p]}`).join(', ')}, then by name.`,
  ];
  const missing = PROBES.filter((p) => !r.stages.includes(p));
  if (missing.length > 0) notes.push(`Left out (no unit has both dev and held-out rows): ${missing.join(', ')}.`);
  if (r.units.length < 2) notes.push('Routing needs two or more agents or models to choose between.');
  return makeTable({
    id: 'routing',
    title: 'Stage-aware routing (dev-selected, held-out scored)',
    columns: [
      textColumn('strategy', 'Strategy'),
      ...r.stages.flatMap((p) => [numberColumn(p, `${p} held-out`), textColumn(`${p}_unit`, `${p} model`)]),
      numberColumn('mean_norm', 'Mean norm.'),
    ],
    rows: [...r.strategies, ...r.singles].map((s) => strategyRow(r, s)),
    notes,
  });
}
