/**
 * Field-alias normalisation (Appendix N.1: "normalizes field aliases, e.g. R_ohm vs. R_value").
 * Models write the same quantity under many names; we map the common ones onto the canonical
 * names, case-insensitively. Values are never unit-converted: "10 kΩ" is rejected with a parse
 * error telling the model to send a plain number in task units, because guessing units silently
 * would score a design the model did not write.
 */
import type { DesignVariable } from '../oracle.ts';
import type { JsonObject } from '../../agent/parse-json.ts';

export type Normalized<T> = { ok: true; value: T } | { ok: false; error: string };

const DESIGN_ALIASES: Readonly<Record<DesignVariable, readonly string[]>> = {
  beam_length_mm: ['l', 'l_mm', 'length', 'length_mm', 'beam_length', 'beam_length_mm'],
  beam_width_mm: ['b', 'w', 'b_mm', 'w_mm', 'width', 'width_mm', 'beam_width', 'beam_width_mm'],
  substrate_thickness_um: ['t_s', 'ts', 'h_s', 'hs', 't_s_um', 'ts_um', 'hs_um', 'substrate_thickness', 'substrate_thickness_um'],
  piezo_thickness_um: ['t_p', 'tp', 'h_p', 'hp', 't_p_um', 'tp_um', 'hp_um', 'piezo_thickness', 'piezo_thickness_um'],
  tip_mass_g: ['m_tip', 'mtip', 'm_t', 'mt', 'mp', 'tip_mass', 'tip_mass_g', 'm_tip_g'],
  load_resistance_ohm: ['r', 'r_l', 'rl', 'r_load', 'r_ohm', 'r_value', 'load_resistance', 'load_resistance_ohm', 'resistance_ohm'],
};

const TOP_LEVEL_ALIASES: Readonly<Record<string, readonly string[]>> = {
  action: ['action', 'action_type'],
  ranking: ['ranking', 'order', 'rank'],
  design: ['design', 'proposed_design', 'new_design'],
  missing_fields: ['missing_fields', 'missing'],
  reason: ['reason', 'rationale'],
};

function buildIndex(table: Readonly<Record<string, readonly string[]>>): Map<string, string> {
  const index = new Map<string, string>();
  for (const [canonical, aliases] of Object.entries(table)) for (const a of aliases) index.set(a, canonical);
  return index;
}
const DESIGN_INDEX = buildIndex(DESIGN_ALIASES);
const TOP_INDEX = buildIndex(TOP_LEVEL_ALIASES);

const canonical = (index: Map<string, string>, key: string): string => index.get(key.trim().toLowerCase()) ?? key;

/** Renames keys through an alias index; two spellings of one field with different values are an error. */
function renameKeys(obj: JsonObject, index: Map<string, string>, where: string): Normalized<JsonObject> {
  const out: JsonObject = {};
  const source: Record<string, string> = {};
  for (const [key, v] of Object.entries(obj)) {
    const name = canonical(index, key);
    if (name in out && JSON.stringify(out[name]) !== JSON.stringify(v)) {
      return { ok: false, error: `${where} gives ${name} twice with different values ("${source[name]}" and "${key}")` };
    }
    out[name] = v;
    source[name] = key;
  }
  return { ok: true, value: out };
}

/** Canonical top-level field names (action, ranking, design, missing_fields, reason). */
export function normalizeTopLevel(obj: JsonObject): Normalized<JsonObject> {
  return renameKeys(obj, TOP_INDEX, 'the reply');
}

/**
 * Canonical design keys. Rejects string values (unit strings such as "10 kΩ" or "55 mm") with a
 * parse error; every other check (missing or unknown variables, signs, bounds) is left to the
 * protocol, which records such a design as a protocol-invalid step rather than a parse failure.
 */
export function normalizeDesignFields(raw: unknown): Normalized<JsonObject> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, error: '"design" must be a JSON object mapping design variables to numbers' };
  }
  const renamed = renameKeys(raw as JsonObject, DESIGN_INDEX, '"design"');
  if (!renamed.ok) return renamed;
  for (const [key, v] of Object.entries(renamed.value)) {
    if (typeof v === 'string') {
      return {
        ok: false,
        error: `design.${key} is the string ${JSON.stringify(v)}; give a plain JSON number in the variable's task unit (mm, µm, g or Ω, e.g. 10000 for 10 kΩ) — unit strings are not converted`,
      };
    }
  }
  return renamed;
}
