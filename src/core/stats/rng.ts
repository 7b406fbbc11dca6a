/**
 * Seeded pseudo-random numbers for everything in core (bank generation, agents, bootstrap).
 * sfc32 seeded through a string hash: fast, 128-bit state, and identical in every JS engine.
 */
/** Deterministic RNG handed in by the caller (core never reads Math.random). */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
}

/** 32-bit FNV-1a of a string, for turning ids into seeds. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Mixes a numeric seed and any number of labels into one 32-bit seed. */
export function deriveSeed(seed: number, ...labels: readonly (string | number)[]): number {
  return hashString(`${seed >>> 0}|${labels.join('|')}`);
}

export interface SeededRng extends Rng {
  /** Integer in [0, n). */
  int(n: number): number;
  /** Uniform in [lo, hi). */
  uniform(lo: number, hi: number): number;
  /** Standard normal (Box–Muller). */
  normal(): number;
  /** Fisher–Yates shuffle of a copy. */
  shuffle<T>(items: readonly T[]): T[];
  pick<T>(items: readonly T[]): T;
}

export function createRng(seed: number): SeededRng {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const next = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 15; i++) next();
  const rng: SeededRng = {
    next,
    int: (n) => Math.floor(next() * n),
    uniform: (lo, hi) => lo + (hi - lo) * next(),
    normal: () => {
      const u = 1 - next();
      const v = next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    shuffle: (items) => {
      const out = items.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        const tmp = out[i] as (typeof out)[number];
        out[i] = out[j] as (typeof out)[number];
        out[j] = tmp;
      }
      return out;
    },
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
  };
  return rng;
}
