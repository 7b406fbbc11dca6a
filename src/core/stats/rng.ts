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
  // The state as int32 words in a typed array: every operation below is mod 2³², so the words'
  // sign does not matter, and a typed array holds them unboxed — closure variables kept as uint32
  // left V8 a heap number per update (issue 20: 19 ns a draw, a millisecond of a mode solve's start
  // vectors; now a few ns, the same numbers).
  const s = new Int32Array([0x9e3779b9, 0x243f6a88, 0xb7e15162, seed >>> 0]);
  const next = (): number => {
    const a = s[0] as number;
    const b = s[1] as number;
    const c = s[2] as number;
    const d = ((s[3] as number) + 1) | 0;
    const t = (((a + b) | 0) + d) | 0;
    const rotated = (c << 21) | (c >>> 11);
    s[0] = b ^ (b >>> 9);
    s[1] = (c + (c << 3)) | 0;
    s[2] = (rotated + t) | 0;
    s[3] = d;
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
