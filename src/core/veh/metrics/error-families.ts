/**
 * Stage-wise error families (paper App. H.1, used in App. K.3 Table 32 and Figure 3). They are
 * non-exclusive diagnostic rates with different denominators — not a partition of failures — so a
 * single wrong answer may count in several families. P2–P4 families take the same per-row summaries
 * as the probe's metric table (index.ts computes them once per probe).
 */
import type { MetricTable, P1Row } from '../rows.ts';
import type { Probe } from '../task-schema.ts';
import { bootstrapMetric, clip01, countOf, proportionMetric, sumOf, type MetricOptions } from '../../suite/metric-value.ts';
import { INFEASIBLE, PROPOSE, REQUEST, recallCounts, spurious, spuriousCounts } from './p1.ts';
import { condRatio, destructiveEditRate, protocolInvalidRate, type P2Summary } from './p2.ts';
import { escapeRate, successRate, type P3Summary } from './p3.ts';
import { dominanceError, policyPairAccuracy, type P4Summary } from './p4.ts';

/** Guard of post-escape failure's division, max(Escape, ε). */
export const POST_ESCAPE_EPS = 1e-9;

/** Error families per probe, in Table 32's column order, and the metric key holding each. */
export const ERROR_FAMILIES: Record<Probe, readonly { family: string; key: string }[]> = {
  P1: [
    { family: 'over-action', key: 'over_action' },
    { family: 'over-refusal', key: 'over_refusal' },
    { family: 'missing-info miss', key: 'missing_info_miss' },
  ],
  P2: [
    { family: 'infeasible closure', key: 'infeasible_closure' },
    { family: 'destructive edit', key: 'destructive_edit' },
    { family: 'invalid / no-op', key: 'invalid_noop' },
    { family: 'utility loss', key: 'utility_loss' },
  ],
  P3: [
    { family: 'escape failure', key: 'escape_failure' },
    { family: 'cascade', key: 'cascade_rate' },
    { family: 'dead budget', key: 'dead_budget_rate' },
    { family: 'post-escape failure', key: 'post_escape_failure' },
  ],
  P4: [
    { family: 'policy mismatch', key: 'policy_mismatch' },
    { family: 'dominance error', key: 'dominance_error' },
    { family: 'parse failure', key: 'parse_failure_rate' },
    { family: 'top-choice miss', key: 'top_choice_miss' },
  ],
};

/** over-action = Spur_propose; over-refusal = clip[0,1](Spur_request + Spur_infeasible); miss = 1 − Rec_request. */
export function p1ErrorFamilies(rows: readonly P1Row[], opts: MetricOptions): MetricTable {
  const overAction = spuriousCounts(rows, PROPOSE);
  const req = recallCounts(rows, REQUEST);
  const overRefusal = (s: readonly P1Row[]): number | null => {
    const a = spurious(s, REQUEST);
    const b = spurious(s, INFEASIBLE);
    return a === null || b === null ? null : clip01(a + b);
  };
  return {
    over_action: proportionMetric(overAction.hits, overAction.n),
    // A sum of two rates with different denominators is not one binomial proportion: bootstrap it.
    over_refusal: bootstrapMetric('P1.over_refusal', rows, overRefusal, rows.length, opts),
    missing_info_miss: proportionMetric(req.n - req.hits, req.n),
  };
}

/** infeasible closure = 1 − final feasible rate; destructive edit; invalid/no-op = protocol-invalid rate; utility loss = clip(1 − CondRatio). */
export function p2ErrorFamilies(s: readonly P2Summary[], opts: MetricOptions): MetricTable {
  const infeasibleFinals = countOf(s, (r) => !r.finalFeasible);
  const fromFeasible = sumOf(s, (r) => r.fromFeasible);
  const steps = sumOf(s, (r) => r.steps);
  const feasibleFinals = s.length - infeasibleFinals;
  return {
    infeasible_closure: proportionMetric(infeasibleFinals, s.length),
    destructive_edit: bootstrapMetric('P2.destructive_edit', s, destructiveEditRate, fromFeasible, opts),
    invalid_noop: bootstrapMetric('P2.invalid_noop', s, protocolInvalidRate, steps, opts),
    utility_loss: bootstrapMetric(
      'P2.utility_loss',
      s,
      (x) => {
        const c = condRatio(x);
        return c === null ? null : clip01(1 - c);
      },
      feasibleFinals,
      opts,
    ),
  };
}

/** escape failure = 1 − Escape; post-escape failure = clip[0,1](1 − Success / max(Escape, ε)). */
export function p3ErrorFamilies(s: readonly P3Summary[], opts: MetricOptions): MetricTable {
  const notEscaped = countOf(s, (r) => !r.escaped);
  const postEscape = (x: readonly P3Summary[]): number | null => {
    const succ = successRate(x);
    const esc = escapeRate(x);
    return succ === null || esc === null ? null : clip01(1 - succ / Math.max(esc, POST_ESCAPE_EPS));
  };
  return {
    escape_failure: proportionMetric(notEscaped, s.length),
    post_escape_failure: bootstrapMetric('P3.post_escape_failure', s, postEscape, s.length, opts),
  };
}

/** policy mismatch = 1 − policy-sensitive pair accuracy; dominance error; top-choice miss = 1 − Top1. */
export function p4ErrorFamilies(s: readonly P4Summary[], opts: MetricOptions): MetricTable {
  const policyPairs = sumOf(s, (r) => r.policyPairs);
  const parsedParetoPairs = sumOf(s, (r) => (r.parsed ? r.paretoPairs : 0));
  return {
    policy_mismatch: bootstrapMetric(
      'P4.policy_mismatch',
      s,
      (x) => {
        const a = policyPairAccuracy(x);
        return a === null ? null : 1 - a;
      },
      policyPairs,
      opts,
    ),
    dominance_error: bootstrapMetric('P4.dominance_error', s, dominanceError, parsedParetoPairs, opts),
    top_choice_miss: proportionMetric(countOf(s, (r) => !r.top1), s.length),
  };
}
