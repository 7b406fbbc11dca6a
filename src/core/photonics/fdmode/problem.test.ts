import { describe, expect, it } from 'vitest';
import { ChannelStructureSchema } from './problem.ts';

const strip = (extra: Record<string, unknown> = {}) => ({
  type: 'channel',
  shape: 'strip',
  core: { material: { n: 3.476, k: 0 }, width_nm: 500, height_nm: 220 },
  cladding: { n: 1.444, k: 0 },
  substrate: { n: 1.444, k: 0 },
  ...extra,
});

/** The paths and messages of every issue, or [] when the structure is valid. */
function issues(input: unknown): string[] {
  const r = ChannelStructureSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('ChannelStructureSchema', () => {
  it('accepts the 500 × 220 nm strip with defaults and with an explicit window', () => {
    expect(issues(strip())).toEqual([]);
    expect(issues(strip({ window_nm: { width: 2000, height: 1600 }, grid_nm: 10 }))).toEqual([]);
  });

  it('refuses a window no larger than the core, naming both sizes (it used to return zero modes)', () => {
    expect(issues(strip({ window_nm: { width: 400, height: 1000 } }))).toEqual([expect.stringMatching(/^window_nm: the window \(400 × 1000 nm\) must be larger than the core \(500 × 220 nm\)/)]);
    // A slot's core spans both rails and the gap.
    expect(issues(strip({ shape: 'slot', gap_nm: 100, window_nm: { width: 1000, height: 1000 } }))).toEqual([expect.stringMatching(/core \(1100 × 220 nm\)/)]);
  });

  it('refuses a grid coarser than the smallest feature (the slot gap included)', () => {
    expect(issues(strip({ grid_nm: 300 }))).toEqual([expect.stringMatching(/^grid_nm: grid_nm \(300\) is larger than the smallest feature \(220 nm\)/)]);
    expect(issues(strip({ shape: 'slot', gap_nm: 50, grid_nm: 60 }))).toEqual([expect.stringMatching(/smallest feature \(50 nm\)/)]);
  });

  it('refuses symmetry with the semi-vectorial method instead of ignoring it', () => {
    expect(issues(strip({ method: 'semi_vectorial', symmetry: 'none' }))).toEqual(['symmetry: symmetry applies to the full-vectorial method only; remove it or use method "full_vectorial"']);
    expect(issues(strip({ method: 'full_vectorial', symmetry: 'none' }))).toEqual([]);
  });
});
