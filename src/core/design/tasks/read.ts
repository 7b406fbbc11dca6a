/**
 * Reading a design document into a task's design, with design-rule gates in words: parameter
 * ranges, stack rules, the layers a layout may use, and "you called something this task does not
 * read" — a task never ignores part of a design silently.
 */
import type { DesignDocument, DesignShape } from '../source-api.ts';
import type { Gate } from '../task.ts';

export interface ParamRule {
  min: number;
  max: number;
  unit: string;
  /** What it is, for messages and the task's interface list. */
  what: string;
}

export type ReadResult<D> = { ok: true; design: D; gates: Gate[] } | { ok: false; gates: Gate[] };

const fmt = (v: number): string => (Math.abs(v) >= 1e4 || (Math.abs(v) < 1e-3 && v !== 0) ? v.toExponential(3) : String(Number(v.toPrecision(6))));

/** Gate: the document uses only the parts this task reads (params named in `params`, a stack, shapes). */
export function unusedParts(doc: DesignDocument, uses: { params?: readonly string[]; stack?: boolean; layers?: readonly string[] }): Gate {
  const extra: string[] = [];
  const known = new Set(uses.params ?? []);
  for (const k of Object.keys(doc.params)) if (!known.has(k)) extra.push(`param "${k}"`);
  if (doc.stack !== null && !uses.stack) extra.push('stack()');
  const layers = new Set(uses.layers ?? []);
  for (const s of doc.shapes) if (!layers.has(s.layer)) extra.push(`a shape on layer "${s.layer}"`);
  const unique = [...new Set(extra)];
  return unique.length === 0
    ? { id: 'design-interface', category: 'design-rule', pass: true, reason: 'the design uses only what this task reads' }
    : { id: 'design-interface', category: 'design-rule', pass: false, reason: `this task does not read ${unique.slice(0, 5).join(', ')}${unique.length > 5 ? ` and ${unique.length - 5} more` : ''}; see the task's interface` };
}

/** Reads named parameters, each required and inside its range. */
export function readParams<K extends string>(doc: DesignDocument, rules: Readonly<Record<K, ParamRule>>): { values: Record<K, number> | null; gates: Gate[] } {
  const gates: Gate[] = [];
  const values = {} as Record<K, number>;
  let ok = true;
  for (const [name, rule] of Object.entries(rules) as [K, ParamRule][]) {
    const v = doc.params[name];
    if (v === undefined) {
      ok = false;
      gates.push({ id: `param-${name}`, category: 'design-rule', pass: false, reason: `param("${name}", …) is missing: ${rule.what}, ${rule.unit}` });
      continue;
    }
    const pass = v >= rule.min && v <= rule.max;
    if (!pass) ok = false;
    gates.push({
      id: `param-${name}`,
      category: 'design-rule',
      pass,
      value: v,
      unit: rule.unit,
      reason: pass ? `${name} = ${fmt(v)} ${rule.unit} is within [${fmt(rule.min)}, ${fmt(rule.max)}]` : `${name} = ${fmt(v)} ${rule.unit} is outside the allowed [${fmt(rule.min)}, ${fmt(rule.max)}] ${rule.unit}`,
    });
    values[name] = v;
  }
  return { values: ok ? values : null, gates };
}

export interface StackRules {
  materials: readonly string[];
  min_layer_nm: number;
  max_layer_nm: number;
  max_layers: number;
  max_total_nm: number;
}

/** Reads the stack under process rules: allowed materials, layer thickness window, count and total. */
export function readStack(doc: DesignDocument, rules: StackRules): { stack: { material: string; thickness_nm: number }[] | null; gates: Gate[] } {
  if (doc.stack === null) return { stack: null, gates: [{ id: 'stack', category: 'design-rule', pass: false, reason: 'the design has no stack([...]): this task is a multilayer' }] };
  const s = doc.stack;
  const gates: Gate[] = [];
  const bad = s.map((l, i) => ({ l, i })).filter(({ l }) => !rules.materials.includes(l.material));
  gates.push(
    bad.length === 0
      ? { id: 'stack-materials', category: 'design-rule', pass: true, reason: `every layer is one of the allowed materials (${rules.materials.join(', ')})` }
      : { id: 'stack-materials', category: 'design-rule', pass: false, reason: `layer ${bad[0]!.i} is "${bad[0]!.l.material}"; the process allows ${rules.materials.join(', ')}` },
  );
  const thin = s.findIndex((l) => l.thickness_nm < rules.min_layer_nm || l.thickness_nm > rules.max_layer_nm);
  gates.push(
    thin < 0
      ? { id: 'layer-thickness', category: 'design-rule', pass: true, reason: `every layer is between ${rules.min_layer_nm} and ${rules.max_layer_nm} nm thick` }
      : { id: 'layer-thickness', category: 'design-rule', pass: false, value: s[thin]!.thickness_nm, unit: 'nm', reason: `layer ${thin} is ${fmt(s[thin]!.thickness_nm)} nm; the process deposits ${rules.min_layer_nm}–${rules.max_layer_nm} nm per layer` },
  );
  const count = s.length;
  gates.push({ id: 'layer-count', category: 'design-rule', pass: count >= 1 && count <= rules.max_layers, value: count, limit: rules.max_layers, reason: `${count} layers (1 to ${rules.max_layers} allowed)` });
  const total = s.reduce((a, l) => a + l.thickness_nm, 0);
  gates.push({ id: 'total-thickness', category: 'design-rule', pass: total <= rules.max_total_nm, value: total, limit: rules.max_total_nm, unit: 'nm', reason: `the stack is ${fmt(total)} nm thick (at most ${rules.max_total_nm} nm)` });
  return { stack: gates.every((g) => g.pass) ? s : null, gates };
}

/** The rectangles of one layer (polygons are not allowed where a task needs rectangles). */
export function rectsOn(doc: DesignDocument, layer: string): Extract<DesignShape, { type: 'rect' }>[] {
  return doc.shapes.filter((s): s is Extract<DesignShape, { type: 'rect' }> => s.type === 'rect' && s.layer === layer);
}

export function finish<D>(design: D | null, gates: Gate[]): ReadResult<D> {
  return design !== null && gates.every((g) => g.pass) ? { ok: true, design, gates } : { ok: false, gates };
}

export { fmt as formatNumber };
