/**
 * Turns a parsed reply object into a probe decision, or names the problem for a corrective retry.
 * Only malformed replies are retried (no usable action, ranking not a list, unit strings in a
 * design). A well-formed but wrong answer — a design outside the bounds, a ranking that is not a
 * permutation — is the agent's answer and is scored as such, not retried.
 */
import type { Interpretation } from '../../agent/loop.ts';
import type { JsonObject } from '../../agent/parse-json.ts';
import { P1_ACTIONS, type P1Action } from '../task-schema.ts';
import { normalizeDesignFields, normalizeTopLevel } from './aliases.ts';

const oneOf = <T extends string>(allowed: readonly T[], v: unknown): v is T => typeof v === 'string' && (allowed as readonly string[]).includes(v);

const list = (allowed: readonly string[]): string => allowed.map((a) => `"${a}"`).join(', ');

const reasonOf = (obj: JsonObject): string | null => (typeof obj.reason === 'string' ? obj.reason : null);

function actionProblem(obj: JsonObject, allowed: readonly string[]): string {
  return obj.action === undefined
    ? `the reply has no "action" field (allowed: ${list(allowed)})`
    : `"action" is ${JSON.stringify(obj.action)}, not one of ${list(allowed)}`;
}

export interface P1Decision {
  action: P1Action;
  missing_fields: string[];
  reason: string | null;
}

export function interpretP1(raw: JsonObject): Interpretation<P1Decision> {
  const top = normalizeTopLevel(raw);
  if (!top.ok) return { ok: false, problem: top.error };
  const obj = top.value;
  const action = typeof obj.action === 'string' ? obj.action.trim() : obj.action;
  if (!oneOf(P1_ACTIONS, action)) return { ok: false, problem: actionProblem(obj, P1_ACTIONS) };
  const mf = obj.missing_fields;
  // Lenient: the field list only matters for request_missing_info, so a stray shape is not a retry.
  const missing_fields = typeof mf === 'string' ? [mf] : Array.isArray(mf) ? mf.filter((x): x is string => typeof x === 'string') : [];
  return { ok: true, value: { action, missing_fields, reason: reasonOf(obj) } };
}

export interface TurnDecision {
  action: string;
  /** Canonical design fields (not yet checked against the schema or bounds), or null when absent. */
  design: JsonObject | null;
  reason: string | null;
}

/** A P2/P3 turn: an allowed action and an optional design object. */
export function interpretTurn(raw: JsonObject, allowed: readonly string[]): Interpretation<TurnDecision> {
  const top = normalizeTopLevel(raw);
  if (!top.ok) return { ok: false, problem: top.error };
  const obj = top.value;
  const action = typeof obj.action === 'string' ? obj.action.trim() : obj.action;
  if (!oneOf(allowed, action)) return { ok: false, problem: actionProblem(obj, allowed) };
  if (obj.design === undefined || obj.design === null) return { ok: true, value: { action, design: null, reason: reasonOf(obj) } };
  const design = normalizeDesignFields(obj.design);
  if (!design.ok) return { ok: false, problem: design.error };
  return { ok: true, value: { action, design: design.value, reason: reasonOf(obj) } };
}

export interface P4Decision {
  /** The ranking as written (possibly not a permutation; the protocol checks that). */
  ranking: string[];
  /** The reply carried designs or candidates of its own: an attempt to alter the fixed pool. */
  touchedDesigns: boolean;
  reason: string | null;
}

const DESIGN_KEYS = ['design', 'designs', 'candidates', 'modified_candidates', 'new_candidates'];

export function interpretP4(raw: JsonObject): Interpretation<P4Decision> {
  const top = normalizeTopLevel(raw);
  if (!top.ok) return { ok: false, problem: top.error };
  const obj = top.value;
  const r = obj.ranking;
  if (!Array.isArray(r)) {
    return { ok: false, problem: r === undefined ? 'the reply has no "ranking" list' : '"ranking" must be a list of candidate ids' };
  }
  if (!r.every((x) => typeof x === 'string')) return { ok: false, problem: '"ranking" must contain candidate ids as strings' };
  return {
    ok: true,
    value: { ranking: r.map((x: string) => x.trim()), touchedDesigns: DESIGN_KEYS.some((k) => k in obj), reason: reasonOf(obj) },
  };
}
