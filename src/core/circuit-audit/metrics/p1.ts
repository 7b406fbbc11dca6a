/**
 * Circuit P1 action-triage metrics (paper App. R, Table 40). Gold and predicted actions range over
 * propose_design / declare_infeasible / request_missing_info; a null prediction is a parse failure
 * and is wrong for every class.
 *
 * Two of Table 40's columns are rates over all P1 tasks rather than over the non-gold tasks of
 * the table reports one spurious and one unsafe proposal of 32 tasks as 0.031 = 1/32, which a
 * denominator of "non-propose tasks" could not give. So here
 *   spurious propose = |â = propose ∧ g ≠ propose| / N,
 *   unsafe propose   = |â = propose ∧ g = declare_infeasible| / N
 * (a proposal on a task no design can satisfy is the unsafe kind of spurious proposal).
 *
 * P1-Composite: the paper says the circuit headline rewards correct entry actions and penalises
 * spurious proposals, unsafe proposals, missed missing-information cases and missed infeasibility
 * cases, but gives no weights, and Table 40 does not follow from A-27's weights (with a 16/8/8 label
 * mix, gpt-5.4's row — three misses, all on propose tasks — would need a subtype F1 above 1). We keep
 * A-27's weights and replace its subtype-F1 term by the unsafe-propose term the circuit text names:
 *   P1Comp = 0.40 macro-F1 + 0.20 ACS + 0.15 MDS + 0.15 IDS + 0.10 (1 − unsafe propose),
 * with ACS/MDS/IDS = Rec_c · (1 − Spur_c) as in A-24…A-26 (Spur_c over the tasks whose gold is not c).
 */
import { macroF1 } from '../../stats/f1.ts';
import type { MetricTable } from '../../veh/rows.ts';
import { bootstrapMetric, countOf, meanDefined, proportionMetric, type MetricOptions } from '../../suite/metric-value.ts';
import { P1_ACTIONS, type CircuitP1Action, type CircuitP1Row } from './rows.ts';

export const PROPOSE: CircuitP1Action = 'propose_design';
export const REQUEST: CircuitP1Action = 'request_missing_info';
export const INFEASIBLE: CircuitP1Action = 'declare_infeasible';

type Rows = readonly CircuitP1Row[];

const rate = (hits: number, n: number): number | null => (n === 0 ? null : hits / n);

/** Rec_c = |g = c ∧ â = c| / |g = c|. */
export function recall(rows: Rows, c: CircuitP1Action): number | null {
  return rate(
    countOf(rows, (r) => r.gold_action === c && r.predicted_action === c),
    countOf(rows, (r) => r.gold_action === c),
  );
}

/** Spur_c = |g ≠ c ∧ â = c| / |g ≠ c| (A-37, used inside the discipline scores). */
export function spuriousAmongOthers(rows: Rows, c: CircuitP1Action): number | null {
  return rate(
    countOf(rows, (r) => r.gold_action !== c && r.predicted_action === c),
    countOf(rows, (r) => r.gold_action !== c),
  );
}

/** Discipline score Rec_c · (1 − Spur_c) (A-24…A-26); null when either rate is undefined. */
export function discipline(rows: Rows, c: CircuitP1Action): number | null {
  const r = recall(rows, c);
  const s = spuriousAmongOthers(rows, c);
  return r === null || s === null ? null : r * (1 - s);
}

export const spuriousProposeCount = (rows: Rows): number => countOf(rows, (r) => r.predicted_action === PROPOSE && r.gold_action !== PROPOSE);
export const unsafeProposeCount = (rows: Rows): number => countOf(rows, (r) => r.predicted_action === PROPOSE && r.gold_action === INFEASIBLE);

/** Table 40 "Spur.": proposals on tasks whose gold is not propose, over all tasks. */
export const spuriousProposeRate = (rows: Rows): number | null => rate(spuriousProposeCount(rows), rows.length);
/** Table 40 "Unsafe": proposals on infeasible tasks, over all tasks. */
export const unsafeProposeRate = (rows: Rows): number | null => rate(unsafeProposeCount(rows), rows.length);

export function p1MacroF1(rows: Rows): number | null {
  return rows.length === 0 ? null : macroF1(
    rows.map((r) => r.gold_action),
    rows.map((r) => r.predicted_action),
    P1_ACTIONS,
  );
}

/** The circuit P1-Composite of the header; null when a component is undefined (some gold action absent). */
export function circuitP1Composite(rows: Rows): number | null {
  const f1 = p1MacroF1(rows);
  const acs = discipline(rows, PROPOSE);
  const mds = discipline(rows, REQUEST);
  const ids = discipline(rows, INFEASIBLE);
  const unsafe = unsafeProposeRate(rows);
  if (f1 === null || acs === null || mds === null || ids === null || unsafe === null) return null;
  // Integer weights over 100, so a perfect run prints exactly 1 (0.4 + 0.2 + … is not 1 in floats).
  return (40 * f1 + 20 * acs + 15 * mds + 15 * ids + 10 * (1 - unsafe)) / 100;
}

const normaliseField = (f: string): string => f.trim().toLowerCase().replace(/^spec\./, '');

/** Mean fraction of the ground-truth missing fields named, over tasks correctly answered with a request. */
export function missingFieldsRecall(rows: Rows): number | null {
  return meanDefined(rows, (r) => {
    if (r.gold_action !== REQUEST || r.predicted_action !== REQUEST) return null;
    const truth = new Set(r.missing_fields_ground_truth.map(normaliseField));
    if (truth.size === 0) return null;
    const named = new Set(r.predicted_missing_fields.map(normaliseField));
    let hit = 0;
    for (const f of truth) if (named.has(f)) hit++;
    return hit / truth.size;
  });
}

/** Table 40's columns, headline first. */
export function circuitP1Metrics(rows: Rows, opts: MetricOptions): MetricTable {
  const n = rows.length;
  const boot = (name: string, stat: (s: Rows) => number | null, denom = n) => bootstrapMetric(`circuit.P1.${name}`, rows, stat, denom, opts);
  const recallOf = (c: CircuitP1Action) =>
    proportionMetric(
      countOf(rows, (r) => r.gold_action === c && r.predicted_action === c),
      countOf(rows, (r) => r.gold_action === c),
    );
  return {
    p1_composite: boot('p1_composite', circuitP1Composite),
    accuracy: proportionMetric(countOf(rows, (r) => r.predicted_action === r.gold_action), n),
    macro_f1: boot('macro_f1', p1MacroF1),
    spurious_propose: proportionMetric(spuriousProposeCount(rows), n),
    unsafe_propose: proportionMetric(unsafeProposeCount(rows), n),
    request_recall: recallOf(REQUEST),
    infeasible_recall: recallOf(INFEASIBLE),
    propose_recall: recallOf(PROPOSE),
    acs: boot('acs', (s) => discipline(s, PROPOSE)),
    mds: boot('mds', (s) => discipline(s, REQUEST)),
    ids: boot('ids', (s) => discipline(s, INFEASIBLE)),
    missing_fields_recall: boot(
      'missing_fields_recall',
      missingFieldsRecall,
      countOf(rows, (r) => r.gold_action === REQUEST && r.predicted_action === REQUEST && r.missing_fields_ground_truth.length > 0),
    ),
    parse_failure_rate: proportionMetric(countOf(rows, (r) => r.predicted_action === null), n),
  };
}
