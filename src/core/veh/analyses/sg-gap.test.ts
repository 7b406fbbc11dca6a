import { describe, expect, it } from 'vitest';
import { sgGapTable } from './sg-gap.ts';
import { p2Outcome, testManifest } from './test-runs.ts';
import type { AnalysisRun } from './analysis-run.ts';

/** An SG run of agent `who` in `form`: one row per probe group, feasible or not. */
const sgRun = (id: string, who: string, form: string, feasible: boolean[]): AnalysisRun => ({
  run_id: id,
  manifest: testManifest(id, who, { sg_form: form }),
  rows: feasible.map((f, i) => p2Outcome(`g${i}`, f ? 0.5 : null)),
});

describe('SG gap (App. P)', () => {
  it('A − B success over the shared groups, per model, with the C form alongside', () => {
    const runs = [
      sgRun('a', 'm', 'A', [true, true, true, false]),
      sgRun('b', 'm', 'B', [false, true, false, false]),
      sgRun('c', 'm', 'C', [true, true, false, false]),
      { run_id: 'plain', manifest: testManifest('plain', 'm'), rows: [] },
    ];
    const t = sgGapTable(runs, { seed: 42, resamples: 200 });
    expect(t.rows).toHaveLength(1);
    const c = t.rows[0]?.cells;
    // A 3/4, B 1/4, C 2/4 → gap 0.5 over 4 paired groups.
    expect([c?.a_selection, c?.b_generation, c?.c_completion, c?.sg_gap, c?.groups]).toEqual([0.75, 0.25, 0.5, 0.5, 4]);
    expect(c?.ci_low as number).toBeLessThanOrEqual(0.5);
    expect(c?.ci_high as number).toBeGreaterThanOrEqual(0.5);
    expect(t.rows[0]?.provenance.run_ids).toEqual(['a', 'b', 'c']);
    expect(t.notes.some((n) => n.includes('plain is not an SG run'))).toBe(true);
  });
});
