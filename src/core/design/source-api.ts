/**
 * The design-source API: what a design source (a small JavaScript program the agent writes) can
 * call inside the sandbox, and the JSON document those calls build. The prelude below is trusted
 * code that runs before the source in the sandbox (src/core/sandbox/contract.ts); the host then
 * reads the document through `collect` and validates it with DesignDocumentSchema — nothing the
 * source does to its own globals can reach past that.
 *
 * One API serves every task: `param` for the tasks that are a handful of numbers (a harvester, an
 * antenna, a grating), `stack` for planar multilayers, and `rect` / `polygon` / `pad` for layouts
 * (a heater over a waveguide, a splitter). Which of them a task reads, and in which units, its
 * specification says; a task ignores nothing silently — a call it does not read is a design-rule
 * failure that names it (tasks.ts: unusedParts).
 *
 * The prelude checks each call as it is made, so a mistake fails at its own line with a sentence,
 * not later in the evaluator; the host checks everything again.
 */
import { z } from 'zod';

/** Most shapes, points and layers one document may hold: "a huge layout" fails here, not in a solver. */
export const MAX_SHAPES = 2000;
export const MAX_POINTS = 20_000;
export const MAX_STACK_LAYERS = 200;
export const MAX_PARAMS = 200;

const NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

export const DESIGN_PRELUDE = `(() => {
  'use strict';
  const MAX_SHAPES = ${MAX_SHAPES}, MAX_POINTS = ${MAX_POINTS}, MAX_STACK = ${MAX_STACK_LAYERS}, MAX_PARAMS = ${MAX_PARAMS};
  const NAME = ${NAME.toString()};
  const doc = { params: {}, stack: null, shapes: [] };
  let points = 0;
  const stringify = JSON.stringify;
  const isNum = (v) => typeof v === 'number' && Number.isFinite(v);
  const num = (fn, what, v) => { if (!isNum(v)) throw new TypeError(fn + ': ' + what + ' must be a finite number, got ' + stringify(v)); return v; };
  const interval = (fn, what, v) => {
    if (!Array.isArray(v) || v.length !== 2) throw new TypeError(fn + ': ' + what + ' must be [min, max] in µm');
    const a = num(fn, what + '[0]', v[0]), b = num(fn, what + '[1]', v[1]);
    if (!(b > a)) throw new RangeError(fn + ': ' + what + ' must have max > min, got [' + a + ', ' + b + ']');
    return [a, b];
  };
  const layerOf = (fn, layer) => { if (typeof layer !== 'string' || !NAME.test(layer)) throw new TypeError(fn + ': layer must be a name like "core" or "heater", got ' + stringify(layer)); return layer; };
  const addShape = (s) => { if (doc.shapes.length >= MAX_SHAPES) throw new RangeError('layout too large: more than ' + MAX_SHAPES + ' shapes'); doc.shapes.push(s); return doc.shapes.length - 1; };
  const api = {
    param(name, value) {
      if (typeof name !== 'string' || !NAME.test(name)) throw new TypeError('param: name must be an identifier like "radius_nm", got ' + stringify(name));
      if (Object.keys(doc.params).length >= MAX_PARAMS && !(name in doc.params)) throw new RangeError('param: more than ' + MAX_PARAMS + ' parameters');
      doc.params[name] = num('param', name, value);
      return value;
    },
    stack(layers) {
      if (!Array.isArray(layers)) throw new TypeError('stack: give an array of { material, thickness_nm }');
      if (layers.length > MAX_STACK) throw new RangeError('stack: more than ' + MAX_STACK + ' layers');
      doc.stack = layers.map((l, i) => {
        if (l === null || typeof l !== 'object') throw new TypeError('stack: layer ' + i + ' is not an object');
        if (typeof l.material !== 'string') throw new TypeError('stack: layer ' + i + ' needs a material name');
        return { material: l.material, thickness_nm: num('stack', 'layer ' + i + ' thickness_nm', l.thickness_nm) };
      });
      return doc.stack.length;
    },
    rect(r) {
      if (r === null || typeof r !== 'object') throw new TypeError('rect: give { layer, x: [min, max], y: [min, max] } in µm');
      return addShape({ type: 'rect', layer: layerOf('rect', r.layer), x: interval('rect', 'x', r.x), y: interval('rect', 'y', r.y), ...(typeof r.name === 'string' ? { name: r.name.slice(0, 64) } : {}) });
    },
    polygon(p) {
      if (p === null || typeof p !== 'object' || !Array.isArray(p.points)) throw new TypeError('polygon: give { layer, points: [[x, y], ...] } in µm');
      if (p.points.length < 3) throw new RangeError('polygon: needs at least 3 points');
      points += p.points.length;
      if (points > MAX_POINTS) throw new RangeError('layout too large: more than ' + MAX_POINTS + ' polygon points');
      const pts = p.points.map((q, i) => { if (!Array.isArray(q) || q.length !== 2) throw new TypeError('polygon: point ' + i + ' must be [x, y]'); return [num('polygon', 'x of point ' + i, q[0]), num('polygon', 'y of point ' + i, q[1])]; });
      return addShape({ type: 'polygon', layer: layerOf('polygon', p.layer), points: pts });
    },
    pad(p) {
      if (p === null || typeof p !== 'object' || typeof p.name !== 'string') throw new TypeError('pad: give { name, x: [min, max], y: [min, max] } in µm');
      return addShape({ type: 'rect', layer: 'pad', name: p.name.slice(0, 64), x: interval('pad', 'x', p.x), y: interval('pad', 'y', p.y) });
    },
  };
  for (const [k, f] of Object.entries(api)) Object.defineProperty(globalThis, k, { value: Object.freeze(f), writable: false, configurable: false, enumerable: true });
  Object.defineProperty(globalThis, '__pgDesign', { value: () => stringify(doc), writable: false, configurable: false, enumerable: false });
})();`;

export const DESIGN_COLLECT = '__pgDesign()';

const finite = z.number().finite();
const Interval = z.tuple([finite, finite]).refine(([a, b]) => b > a, { message: 'must be [min, max] with max > min' });
const Layer = z.string().regex(NAME);

export const DesignShapeSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('rect'), layer: Layer, name: z.string().max(64).optional(), x: Interval, y: Interval }),
  z.strictObject({ type: z.literal('polygon'), layer: Layer, points: z.array(z.tuple([finite, finite])).min(3) }),
]);
export type DesignShape = z.infer<typeof DesignShapeSchema>;

export const DesignDocumentSchema = z.strictObject({
  params: z.record(z.string().regex(NAME), finite).refine((p) => Object.keys(p).length <= MAX_PARAMS, { message: `more than ${MAX_PARAMS} parameters` }),
  stack: z.array(z.strictObject({ material: z.string().min(1).max(64), thickness_nm: finite })).max(MAX_STACK_LAYERS).nullable(),
  shapes: z
    .array(DesignShapeSchema)
    .max(MAX_SHAPES)
    .refine((s) => s.reduce((n, x) => n + (x.type === 'polygon' ? x.points.length : 0), 0) <= MAX_POINTS, { message: `more than ${MAX_POINTS} polygon points` }),
});
export type DesignDocument = z.infer<typeof DesignDocumentSchema>;

/** The API in words, for a task's prompt and the docs (the source of truth is the prelude above). */
export const DESIGN_API_SUMMARY = [
  'param(name, value): a named number (units in the name, e.g. radius_nm); returns value.',
  'stack([{ material, thickness_nm }, …]): a planar multilayer, listed from the incidence side.',
  'rect({ layer, x: [min, max], y: [min, max], name? }): a rectangle on a named layer, µm.',
  'polygon({ layer, points: [[x, y], …] }): a polygon on a named layer, µm.',
  'pad({ name, x: [min, max], y: [min, max] }): a metal contact pad, µm.',
  'console.log(…) is kept (capped); Math.random throws and Date is pinned, so a source is deterministic. No network, files, imports or timers.',
] as const;
