/**
 * Protocol validity of a proposed circuit design: exactly the family's variables, each a positive
 * finite number inside the task's bounds. An invalid design is not evaluated; the turn is recorded
 * as protocol-invalid with the reason.
 */
import type { JsonObject } from '../../agent/parse-json.ts';
import { FAMILY_VARIABLES, type CircuitDesign, type CircuitFamily } from '../oracle.ts';
import type { CircuitBounds } from '../task-schema.ts';

export type CircuitDesignCheck = { ok: true; design: CircuitDesign } | { ok: false; reason: string };

/** Relative slack on the bounds so a value printed at a bound is inside. */
const BOUND_TOL = 1e-9;

export function checkCircuitDesign(fields: JsonObject, family: CircuitFamily, bounds: CircuitBounds): CircuitDesignCheck {
  const vars: readonly string[] = FAMILY_VARIABLES[family];
  const problems: string[] = [];
  const unknown = Object.keys(fields).filter((k) => !vars.includes(k));
  if (unknown.length > 0) problems.push(`unknown design variable(s) ${unknown.join(', ')} (expected ${vars.join(', ')})`);
  const design: CircuitDesign = {};
  for (const v of vars) {
    const x = fields[v];
    if (x === undefined) problems.push(`${v} is missing`);
    else if (typeof x !== 'number' || !Number.isFinite(x) || x <= 0) problems.push(`${v} must be a positive number`);
    else {
      const range = bounds[v];
      if (range) {
        const [lo, hi] = range;
        const tol = BOUND_TOL * Math.max(Math.abs(lo), Math.abs(hi), 1);
        if (x < lo - tol || x > hi + tol) problems.push(`${v}=${x} is outside [${lo}, ${hi}]`);
      }
      design[v] = x;
    }
  }
  return problems.length > 0 ? { ok: false, reason: `invalid design: ${problems.join('; ')}` } : { ok: true, design };
}

/** Same design up to float noise (relative 1e-9 per variable). */
export function sameCircuitDesign(a: CircuitDesign, b: CircuitDesign): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    const x = a[k];
    const y = b[k];
    if (x === undefined || y === undefined) return false;
    if (Math.abs(x - y) > 1e-9 * Math.max(Math.abs(x), Math.abs(y), 1e-12)) return false;
  }
  return true;
}
