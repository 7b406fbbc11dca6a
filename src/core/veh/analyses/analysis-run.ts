/**
 * What an analysis takes: one stored or saved run (manifest and per-task rows). Analyses that
 * compare "models" group runs by the agent that produced them, so a P1 run and a P3 run of the same
 * model count as one compared unit.
 */
import type { RunManifest } from '../run/manifest.ts';
import type { P1Row, P2Row, P3Row, P4Row, VehRow } from '../rows.ts';
import type { Probe } from '../task-schema.ts';

export interface AnalysisRun {
  run_id: string;
  /** Null for a run whose manifest is not written yet (still running): its rows still count. */
  manifest: RunManifest | null;
  rows: readonly VehRow[];
}

export interface RowsByProbe {
  P1: P1Row[];
  P2: P2Row[];
  P3: P3Row[];
  P4: P4Row[];
}

export function splitByProbe(rows: readonly VehRow[]): RowsByProbe {
  const out: RowsByProbe = { P1: [], P2: [], P3: [], P4: [] };
  for (const r of rows) {
    if (r.probe === 'P1') out.P1.push(r);
    else if (r.probe === 'P2') out.P2.push(r);
    else if (r.probe === 'P3') out.P3.push(r);
    else out.P4.push(r);
  }
  return out;
}

export function probesOf(rows: readonly VehRow[]): Probe[] {
  const seen = new Set(rows.map((r) => r.probe));
  return (['P1', 'P2', 'P3', 'P4'] as const).filter((p) => seen.has(p));
}

/** The compared unit a run belongs to: the model of an LLM run, else the built-in agent. */
export function unitKeyOf(run: AnalysisRun): string {
  return `${whoKeyOf(run)}${conditionSuffix(run)}`;
}

/** The agent or model alone, whatever the run's conditions (pairs the A and B runs of one model). */
export function whoKeyOf(run: AnalysisRun): string {
  const m = run.manifest;
  if (!m) return run.run_id;
  return m.model ? `${m.model.provider}/${m.model.model}` : m.agent.id;
}

/** The agent or model as people read it. */
export function whoLabelOf(run: AnalysisRun): string {
  const m = run.manifest;
  if (!m) return run.run_id;
  return m.model ? `${m.model.provider} ${m.model.model}` : m.agent.label;
}

/**
 * Run-time controls another part of the harness records in newer manifests (control block, SG form;
 * see manifest.ts). Read loosely so manifests written before those fields existed still work.
 */
export function manifestField(run: AnalysisRun, key: 'control' | 'sg_form' | 'matched_to_run_id' | 'subset'): string | null {
  const v = run.manifest ? (run.manifest as Record<string, unknown>)[key] : undefined;
  return typeof v === 'string' ? v : null;
}

/** Runs under a prompt control or an SG form are a different condition: never pooled with default runs. */
function conditionSuffix(run: AnalysisRun): string {
  const control = manifestField(run, 'control');
  const sg = manifestField(run, 'sg_form');
  return `${control && control !== 'default' ? ` [${control.replace(/_/g, '-')}]` : ''}${sg ? ` [SG ${sg}]` : ''}`;
}

/** How a run is named in tables: its agent or model, and the P3 prompt form when it is not the default. */
export function runLabel(run: AnalysisRun): string {
  const m = run.manifest;
  if (!m) return run.run_id;
  const who = m.model ? `${m.model.provider} ${m.model.model}` : m.agent.label;
  return `${m.p3_variant === 'raw_history' ? who : `${who} (${m.p3_variant.replace(/_/g, '-')})`}${conditionSuffix(run)}`;
}

export interface AnalysisUnit {
  key: string;
  label: string;
  run_ids: string[];
  rows: VehRow[];
  /** Rows dropped because the unit already had a row for the same task and P3 form. */
  duplicates: number;
}

/** P3 rows of both prompt forms may share a task id; every other probe has one row per task. */
const rowKey = (r: VehRow): string => (r.probe === 'P3' ? `${r.task_id}|${r.state_summary ? 'summary' : 'raw'}` : r.task_id);

/** Groups runs into compared units (in first-seen order), keeping the first row of each task. */
export function groupUnits(runs: readonly AnalysisRun[]): AnalysisUnit[] {
  const units = new Map<string, AnalysisUnit & { seen: Set<string> }>();
  for (const run of runs) {
    const key = unitKeyOf(run);
    let u = units.get(key);
    if (!u) {
      const m = run.manifest;
      const label = m ? `${m.model ? `${m.model.provider} ${m.model.model}` : m.agent.label}${conditionSuffix(run)}` : run.run_id;
      u = { key, label, run_ids: [], rows: [], duplicates: 0, seen: new Set() };
      units.set(key, u);
    }
    u.run_ids.push(run.run_id);
    for (const r of run.rows) {
      const k = rowKey(r);
      if (u.seen.has(k)) {
        u.duplicates++;
        continue;
      }
      u.seen.add(k);
      u.rows.push(r);
    }
  }
  return [...units.values()].map(({ seen: _seen, ...u }) => u);
}

/**
 * The rows that stand for a unit's benchmark scores: state-summary P3 rows are an intervention
 * (App. Q, Finding 3), so they are left out whenever raw-history P3 rows exist.
 */
export function benchmarkRows(rows: readonly VehRow[]): VehRow[] {
  const hasRaw = rows.some((r) => r.probe === 'P3' && !r.state_summary);
  return hasRaw ? rows.filter((r) => r.probe !== 'P3' || !r.state_summary) : [...rows];
}
