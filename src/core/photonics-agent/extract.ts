/**
 * Reading an answer value out of a solve (ExtractSchema): a dotted path, the x at the maximum or
 * minimum of a curve, an extreme, or a field of the first list entry matching some fields. The
 * reference values, the oracle's answers and the naive agent's answers are all read this way, so
 * the three can only differ by the problem that was solved.
 */
import type { Extract } from './task-schema.ts';

export class ExtractError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExtractError';
  }
}

/** The value at a dotted path ("points.0.R"); undefined where the path does not exist. */
export function getPath(root: unknown, path: string): unknown {
  let v: unknown = root;
  for (const part of path.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = Array.isArray(v) ? v[Number(part)] : (v as Record<string, unknown>)[part];
  }
  return v;
}

function numberAt(root: unknown, path: string): number {
  const v = getPath(root, path);
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new ExtractError(`${path} is not a finite number (${JSON.stringify(v)?.slice(0, 80)})`);
  return v;
}

function numbersAt(root: unknown, path: string): number[] {
  const v = getPath(root, path);
  if (!Array.isArray(v) || v.length === 0 || !v.every((x) => typeof x === 'number' && Number.isFinite(x))) throw new ExtractError(`${path} is not a list of finite numbers`);
  return v as number[];
}

function argExtreme(root: unknown, x: string, y: string, sign: 1 | -1): number {
  const xs = numbersAt(root, x);
  const ys = numbersAt(root, y);
  if (xs.length !== ys.length) throw new ExtractError(`${x} and ${y} differ in length`);
  let best = 0;
  for (let i = 1; i < ys.length; i++) if (sign * (ys[i] as number) > sign * (ys[best] as number)) best = i;
  return xs[best] as number;
}

function read(e: Extract, root: unknown): number {
  switch (e.op) {
    case 'path':
      return numberAt(root, e.path);
    case 'argmax':
      return argExtreme(root, e.x, e.y, 1);
    case 'argmin':
      return argExtreme(root, e.x, e.y, -1);
    case 'max':
      return Math.max(...numbersAt(root, e.path));
    case 'min':
      return Math.min(...numbersAt(root, e.path));
    case 'find': {
      const list = getPath(root, e.list);
      if (!Array.isArray(list)) throw new ExtractError(`${e.list} is not a list`);
      const hit = list.find((item) => Object.entries(e.where).every(([k, want]) => getPath(item, k) === want));
      if (hit === undefined) throw new ExtractError(`no entry of ${e.list} has ${JSON.stringify(e.where)}`);
      return numberAt(hit, e.field);
    }
  }
}

/** The value `e` reads from a solve of `problem` that returned `result`. Throws ExtractError. */
export function extractValue(e: Extract, solve: { problem: unknown; result: unknown }): number {
  let v = read(e, e.from === 'problem' ? solve.problem : solve.result);
  if (e.reciprocal) v = 1 / v;
  if (e.scale !== undefined) v *= e.scale;
  return v;
}

/** |value − reference| ≤ abs + rel·|reference|. */
export function withinTolerance(value: number, reference: number, tol: { abs: number; rel: number }): boolean {
  return Number.isFinite(value) && Math.abs(value - reference) <= tol.abs + tol.rel * Math.abs(reference);
}
