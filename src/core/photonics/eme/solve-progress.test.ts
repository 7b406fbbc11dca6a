import { describe, expect, it } from 'vitest';
import { literalResolver } from '../literal-resolver.ts';
import type { SolveProgress } from '../progress.ts';
import { EmeProblemSchema } from './problem.ts';
import { solveEme } from './solve.ts';

const guide = { center_um: 0, width_um: 1, material: { n: 2, k: 0 } };
const base = { kind: 'eme', cladding: { n: 1.45, k: 0 }, window_um: 6, grid_nm: 40, modes: 12, convergence_check: false };

function events(input: Record<string, unknown>): SolveProgress[] {
  const seen: SolveProgress[] = [];
  solveEme(EmeProblemSchema.parse({ ...base, ...input }), { materials: literalResolver, onProgress: (p) => seen.push(p) });
  return seen;
}

describe('solveEme progress', () => {
  it('counts swept lengths over all wavelengths, and finishes at the total', () => {
    const seen = events({
      wavelengths_nm: [1500, 1550],
      sections: [{ length_um: 1, cores: [guide] }, { length_um: 2, cores: [{ ...guide, width_um: 2 }] }, { length_um: 1, cores: [guide] }],
      sweep: { section: 1, lengths_um: [1, 2, 3, 4, 5] },
    });
    expect(seen.every((p) => p.stage === 'length' && p.total === 10)).toBe(true);
    expect(seen.map((p) => p.done)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('counts wavelengths without a sweep', () => {
    const seen = events({ wavelengths_nm: [1500, 1550, 1600], sections: [{ length_um: 1, cores: [guide] }] });
    expect(seen).toEqual([1, 2, 3].map((done) => ({ stage: 'wavelength', done, total: 3 })));
  });
});
