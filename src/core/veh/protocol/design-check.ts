/**
 * Protocol validity of a proposed design: the six variables, each a positive (tip mass: non-negative)
 * finite number, inside the task's variable bounds. An invalid design is not evaluated; the turn is
 * recorded as a protocol-invalid step with the reason.
 */
import { DESIGN_VARIABLES, VehDesignSchema, type VehDesign } from '../oracle.ts';
import type { VariableBounds } from '../task-schema.ts';
import type { JsonObject } from '../../agent/parse-json.ts';

export type DesignCheck = { ok: true; design: VehDesign } | { ok: false; reason: string };

/** Relative slack on the bounds so a value printed at the bound (e.g. 80 for [20, 80]) is inside. */
const BOUND_TOL = 1e-9;

export function checkDesign(fields: JsonObject, bounds: VariableBounds): DesignCheck {
  const parsed = VehDesignSchema.safeParse(fields);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => {
      if (i.code === 'unrecognized_keys') return `unknown design variable(s) ${i.keys.join(', ')}`;
      const path = i.path.join('.');
      return path && !i.message.startsWith(path) ? `${path}: ${i.message}` : i.message;
    });
    return { ok: false, reason: `invalid design: ${problems.join('; ')}` };
  }
  const out: string[] = [];
  for (const v of DESIGN_VARIABLES) {
    const [lo, hi] = bounds[v];
    const x = parsed.data[v];
    const tol = BOUND_TOL * Math.max(Math.abs(lo), Math.abs(hi), 1);
    if (x < lo - tol || x > hi + tol) out.push(`${v}=${x} is outside [${lo}, ${hi}]`);
  }
  if (out.length > 0) return { ok: false, reason: `design outside variable_bounds: ${out.join('; ')}` };
  return { ok: true, design: parsed.data };
}

/** Same design up to float noise (relative 1e-9 per variable): used to match a named final design. */
export function sameDesign(a: VehDesign, b: VehDesign): boolean {
  for (const v of DESIGN_VARIABLES) {
    const x = a[v];
    const y = b[v];
    if (Math.abs(x - y) > 1e-9 * Math.max(Math.abs(x), Math.abs(y), 1e-12)) return false;
  }
  return true;
}
