/**
 * Reading a circuit P2/P3 turn: an allowed action and an optional design. Like the VEH protocol,
 * only malformed replies are retried (no usable action, a design that is not an object, unit strings
 * such as "10k"); a well-formed but wrong design (unknown variable, out of bounds) is the agent's
 * answer and becomes a protocol-invalid step. P1 and P4 replies read exactly as in VEH.
 */
import type { Interpretation } from '../../agent/loop.ts';
import type { JsonObject } from '../../agent/parse-json.ts';
import { normalizeTopLevel } from '../../veh/protocol/aliases.ts';

export { interpretP1, interpretP4 } from '../../veh/protocol/interpret.ts';

/** Short names models often use for the circuit variables. */
const DESIGN_ALIASES: Readonly<Record<string, string>> = {
  r: 'r_ohm',
  r_ohms: 'r_ohm',
  c: 'c_nf',
  c_n: 'c_nf',
  l: 'l_mh',
  r1: 'r1_ohm',
  r2: 'r2_ohm',
};

export interface CircuitTurnDecision {
  action: string;
  design: JsonObject | null;
  reason: string | null;
}

export function normalizeCircuitDesign(raw: unknown): Interpretation<JsonObject> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, problem: '"design" must be a JSON object mapping design variables to numbers' };
  }
  const out: JsonObject = {};
  for (const [key, v] of Object.entries(raw as JsonObject)) {
    const lower = key.trim().toLowerCase();
    const name = DESIGN_ALIASES[lower] ?? lower;
    if (typeof v === 'string') {
      return { ok: false, problem: `design.${key} is the string ${JSON.stringify(v)}; give a plain JSON number in the variable's unit (Ω, nF or mH, e.g. 20000 for 20 kΩ)` };
    }
    if (name in out && out[name] !== v) return { ok: false, problem: `"design" gives ${name} twice with different values` };
    out[name] = v;
  }
  return { ok: true, value: out };
}

export function interpretCircuitTurn(raw: JsonObject, allowed: readonly string[]): Interpretation<CircuitTurnDecision> {
  const top = normalizeTopLevel(raw);
  if (!top.ok) return { ok: false, problem: top.error };
  const obj = top.value;
  const action = typeof obj.action === 'string' ? obj.action.trim() : obj.action;
  if (typeof action !== 'string' || !allowed.includes(action)) {
    const list = allowed.map((a) => `"${a}"`).join(', ');
    return { ok: false, problem: obj.action === undefined ? `the reply has no "action" field (allowed: ${list})` : `"action" is ${JSON.stringify(obj.action)}, not one of ${list}` };
  }
  const reason = typeof obj.reason === 'string' ? obj.reason : null;
  if (obj.design === undefined || obj.design === null) return { ok: true, value: { action, design: null, reason } };
  const design = normalizeCircuitDesign(obj.design);
  if (!design.ok) return design;
  return { ok: true, value: { action, design: design.value, reason } };
}
