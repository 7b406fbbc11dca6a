// Deterministic rubric leaves over a replay: each reads only regenerated artifacts and logged
// calls, names what it found, and gives no credit to numbers no logged call produced.
import { describe, expect, it } from 'vitest';
import { artifactPresent, converged, covers, finiteColumn, slopeAtLeast, traceable, withinTolerance } from '../../src/core/reproduction/checks.ts';
import type { ReplayOutcome } from '../../src/core/reproduction/replay.ts';

const outcome = (rows: unknown[][], results: unknown[] = [{ peak_nm: 520 }, { peak_nm: 530 }, { peak_nm: 545 }]): ReplayOutcome => ({
  status: 'completed',
  reason: null,
  entry: 'reproduce.js',
  source_sha256: {},
  dropped: [],
  calls: results.map((_, index) => ({ index, tool: 'solve' as const, arguments: {}, result_sha256: '0'.repeat(64), ok: true, error: null })),
  results,
  artifacts: [
    { name: 'peaks', kind: 'table', data: { columns: ['radius_nm', 'peak_nm'], rows } },
    { name: 'convergence', kind: 'json', data: [{ resolution: 1, value: 520.4 }, { resolution: 2, value: 520.01 }, { resolution: 4, value: 520.0 }] },
  ],
  logs: [],
  elapsed_ms: 1,
});
const GOOD = [[10, 520], [30, 530], [50, 545]];

describe('reproduction checks', () => {
  it('present, finite, covering, matching, sloped, traceable, converged: all pass on a good replay', () => {
    const r = outcome(GOOD);
    expect(artifactPresent(r, 'peaks', 'table').score).toBe(1);
    expect(finiteColumn(r, 'peaks', 'peak_nm').score).toBe(1);
    expect(covers(r, 'peaks', 'radius_nm', [10, 30, 50], 0).score).toBe(1);
    expect(withinTolerance(r, 'peaks', 'radius_nm', 'peak_nm', [{ key: 10, value: 521 }, { key: 50, value: 544 }], { abs: 2, rel: 0 }).score).toBe(1);
    expect(slopeAtLeast(r, 'peaks', 'radius_nm', 'peak_nm', 0.5, 'nm/nm').score).toBe(1);
    expect(traceable(r, 'peaks', 'peak_nm', 'solve').score).toBe(1);
    expect(converged(r, 'convergence', 1e-3).score).toBe(1);
  });

  it('a missing artifact costs only the leaves that read it', () => {
    const r = { ...outcome(GOOD), artifacts: outcome(GOOD).artifacts.filter((a) => a.name !== 'peaks') };
    expect(artifactPresent(r, 'peaks', 'table')).toMatchObject({ score: 0, reason: expect.stringMatching(/no artifact peaks/) });
    expect(converged(r, 'convergence', 1e-3).score).toBe(1);
  });

  it('NaN in an artifact, a value off the reference, a claim that fails and a copied number are each named', () => {
    expect(finiteColumn(outcome([[10, Number.NaN]]), 'peaks', 'peak_nm')).toMatchObject({ score: 0, reason: expect.stringMatching(/row 0 is null/) });
    expect(withinTolerance(outcome(GOOD), 'peaks', 'radius_nm', 'peak_nm', [{ key: 10, value: 530 }], { abs: 2, rel: 0 })).toMatchObject({ score: 0, reason: expect.stringMatching(/at radius_nm = 10, 520 vs reference 530/) });
    expect(slopeAtLeast(outcome([[10, 530], [50, 520]]), 'peaks', 'radius_nm', 'peak_nm', 0.5, 'nm/nm').score).toBe(0);
    // 560 appears in no logged result: written by hand (or copied from the paper), so no credit.
    expect(traceable(outcome([[10, 520], [30, 560]]), 'peaks', 'peak_nm', 'solve')).toMatchObject({ score: 0, reason: expect.stringMatching(/first 560/) });
  });

  it('an unconverged record fails', () => {
    const r = outcome(GOOD);
    r.artifacts[1] = { name: 'convergence', kind: 'json', data: [{ resolution: 1, value: 500 }, { resolution: 2, value: 520 }] };
    expect(converged(r, 'convergence', 1e-3)).toMatchObject({ score: 0, reason: expect.stringMatching(/not converged/) });
  });
});
