/**
 * P1 credible-triage metrics (paper App. F.1 eqs. A-23…A-27 and App. H.1 eqs. A-36…A-40).
 * Gold g_i and prediction â_i range over the three actions; a null prediction is a parse failure and
 * counts as wrong for every class (it is never a true or a spurious prediction of any action).
 */
import { macroF1 } from '../../stats/f1.ts';
import type { MetricTable, P1Row } from '../rows.ts';
import { P1_ACTIONS, type P1Action, type P1Subtype } from '../task-schema.ts';
import { bootstrapMetric, countOf, meanDefined, proportionMetric, type MetricOptions } from '../../suite/metric-value.ts';

export const PROPOSE: P1Action = 'propose_design';
export const REQUEST: P1Action = 'request_missing_info';
export const INFEASIBLE: P1Action = 'declare_infeasible';

/**
 * The six subtype families of "Subtype F1" (App. A.1: "macro-F1 over six subtype families"): the
 * eight released subtypes with the two infeasible and the two missing-blocker subtypes merged.
 */
export const P1_SUBTYPE_FAMILY: Record<P1Subtype, string> = {
  solvable_base: 'solvable_base',
  solvable_boundary: 'solvable_boundary',
  solvable_red_herring: 'solvable_red_herring',
  missing_nonblocker: 'missing_nonblocker',
  infeasible_margin: 'infeasible',
  infeasible_structural: 'infeasible',
  missing_blocker_obvious: 'missing_blocker',
  missing_blocker_ambiguous: 'missing_blocker',
};

/** Rec_c = |g=c ∧ â=c| / |g=c| (A-36) as counts. */
export function recallCounts(rows: readonly P1Row[], c: P1Action): { hits: number; n: number } {
  let hits = 0;
  let n = 0;
  for (const r of rows) {
    if (r.gold_action !== c) continue;
    n++;
    if (r.predicted_action === c) hits++;
  }
  return { hits, n };
}

/** Spur_c = |g≠c ∧ â=c| / |g≠c| (A-37) as counts. */
export function spuriousCounts(rows: readonly P1Row[], c: P1Action): { hits: number; n: number } {
  let hits = 0;
  let n = 0;
  for (const r of rows) {
    if (r.gold_action === c) continue;
    n++;
    if (r.predicted_action === c) hits++;
  }
  return { hits, n };
}

const rate = ({ hits, n }: { hits: number; n: number }): number | null => (n === 0 ? null : hits / n);
export const recall = (rows: readonly P1Row[], c: P1Action): number | null => rate(recallCounts(rows, c));
export const spurious = (rows: readonly P1Row[], c: P1Action): number | null => rate(spuriousCounts(rows, c));

/**
 * Discipline score Rec_c · (1 − Spur_c): ACS for propose, MDS for request, IDS for
 * infeasible. Undefined when either rate is (no gold c, or every row is gold c).
 */
export function discipline(rows: readonly P1Row[], c: P1Action): number | null {
  const r = recall(rows, c);
  const s = spurious(rows, c);
  return r === null || s === null ? null : r * (1 - s);
}

const gold = (rows: readonly P1Row[]): P1Action[] => rows.map((r) => r.gold_action);
const predicted = (rows: readonly P1Row[]): (P1Action | null)[] => rows.map((r) => r.predicted_action);

/** Unweighted mean of the three action F1 scores; null on an empty log. */
export function p1MacroF1(rows: readonly P1Row[]): number | null {
  return rows.length === 0 ? null : macroF1(gold(rows), predicted(rows), P1_ACTIONS);
}

/**
 * Subtype F1: for each family present, macro-F1 over the actions that are gold somewhere in that
 * family, with predictions restricted to the family's rows (a family whose gold is all "propose" thus
 * scores the propose F1 on its rows); then the unweighted mean over families present.
 */
export function subtypeF1(rows: readonly P1Row[]): number | null {
  const byFamily = new Map<string, P1Row[]>();
  for (const r of rows) {
    const f = P1_SUBTYPE_FAMILY[r.p1_subtype];
    const list = byFamily.get(f);
    if (list) list.push(r);
    else byFamily.set(f, [r]);
  }
  if (byFamily.size === 0) return null;
  let sum = 0;
  for (const familyRows of byFamily.values()) {
    const goldHere = P1_ACTIONS.filter((c) => familyRows.some((r) => r.gold_action === c));
    sum += macroF1(gold(familyRows), predicted(familyRows), goldHere) ?? 0;
  }
  return sum / byFamily.size;
}

/**
 * P1-Composite (A-27) = 0.40 macro-F1 + 0.20 ACS + 0.15 MDS + 0.15 IDS + 0.10 subtype-F1.
 * Null when any component is undefined (a log without some gold action cannot certify that action).
 */
export function p1Composite(rows: readonly P1Row[]): number | null {
  const parts = [p1MacroF1(rows), discipline(rows, PROPOSE), discipline(rows, REQUEST), discipline(rows, INFEASIBLE), subtypeF1(rows)];
  const [f1, acs, mds, ids, sub] = parts;
  if (f1 == null || acs == null || mds == null || ids == null || sub == null) return null;
  // Integer weights over 100: 0.4 + 0.2 + 0.15 + 0.15 + 0.1 sums to 1.0000000000000002 in floating
  // point, which would print a perfect run as slightly above 1.
  return (40 * f1 + 20 * acs + 15 * mds + 15 * ids + 10 * sub) / 100;
}

/** Field names compared loosely: case, whitespace and a leading "spec." (the prompt's path form) ignored. */
export function normaliseFieldName(name: string): string {
  return name.trim().toLowerCase().replace(/^spec\./, '');
}

/** Fraction of a row's ground-truth missing fields that the model named; null if it has none. */
export function missingFieldsRecallOfRow(row: P1Row): number | null {
  const truth = new Set(row.missing_fields_ground_truth.map(normaliseFieldName));
  if (truth.size === 0) return null;
  const named = new Set(row.predicted_missing_fields.map(normaliseFieldName));
  let hit = 0;
  for (const f of truth) if (named.has(f)) hit++;
  return hit / truth.size;
}

/**
 * Missing-field recall: mean per-task fraction of ground-truth missing fields named, over tasks whose
 * gold and predicted action are both request_missing_info (only there is a field list expected).
 */
export function missingFieldsRecall(rows: readonly P1Row[]): number | null {
  return meanDefined(rows, (r) => (r.gold_action === REQUEST && r.predicted_action === REQUEST ? missingFieldsRecallOfRow(r) : null));
}

/** Headline and column metrics of Table 18 (error families are added by error-families.ts). */
export function p1Metrics(rows: readonly P1Row[], opts: MetricOptions): MetricTable {
  const n = rows.length;
  const boot = (name: string, stat: (s: readonly P1Row[]) => number | null, denom = n) => bootstrapMetric(`P1.${name}`, rows, stat, denom, opts);
  const recallOf = (c: P1Action) => {
    const k = recallCounts(rows, c);
    return proportionMetric(k.hits, k.n);
  };
  const spuriousOf = (c: P1Action) => {
    const k = spuriousCounts(rows, c);
    return proportionMetric(k.hits, k.n);
  };
  const proposedCount = countOf(rows, (r) => r.predicted_action === PROPOSE);
  const requestHits = countOf(rows, (r) => r.gold_action === REQUEST && r.predicted_action === REQUEST && r.missing_fields_ground_truth.length > 0);

  return {
    p1_composite: boot('p1_composite', p1Composite),
    // Accuracy: N⁻¹ Σ 1[â_i = g_i], micro-averaged; parse failures are wrong.
    accuracy: proportionMetric(countOf(rows, (r) => r.predicted_action === r.gold_action), n),
    macro_f1: boot('macro_f1', p1MacroF1),
    acs: boot('acs', (s) => discipline(s, PROPOSE)),
    mds: boot('mds', (s) => discipline(s, REQUEST)),
    ids: boot('ids', (s) => discipline(s, INFEASIBLE)),
    subtype_f1: boot('subtype_f1', subtypeF1),
    // Propose precision: of the designs proposed, how many tasks really were solvable.
    propose_precision: proportionMetric(countOf(rows, (r) => r.predicted_action === PROPOSE && r.gold_action === PROPOSE), proposedCount),
    recall_propose: recallOf(PROPOSE),
    recall_request: recallOf(REQUEST),
    recall_infeasible: recallOf(INFEASIBLE),
    spurious_propose: spuriousOf(PROPOSE),
    spurious_request: spuriousOf(REQUEST),
    spurious_infeasible: spuriousOf(INFEASIBLE),
    missing_fields_recall: boot('missing_fields_recall', missingFieldsRecall, requestHits),
    parse_failure_rate: proportionMetric(countOf(rows, (r) => r.predicted_action === null), n),
  };
}
