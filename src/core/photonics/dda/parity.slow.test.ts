/**
 * The Node half of the DDA backend parity suite: every case on the CPU backends (the f64 FFT
 * reference and the independent O(N²) direct sum), held to the f64 tolerance. The WebGPU half runs
 * the same function in Chromium (e2e/webgpu-parity.spec.ts).
 */
import { describe, expect, it } from 'vitest';
import { literalResolver } from '../literal-resolver.ts';
import { DDA_PARITY_CASES, DDA_PARITY_TOLERANCE, runDdaParity } from './parity.ts';
import { directDdaBackend, referenceDdaBackend, type DdaOperatorBackend } from './operator-backend.ts';

const ctx = { materials: literalResolver };

describe('runDdaParity', () => {
  it('every case agrees between the FFT reference and the direct sum within the f64 tolerance', async () => {
    const report = await runDdaParity([referenceDdaBackend, directDdaBackend], ctx);
    expect(report.rows).toHaveLength(2 * DDA_PARITY_CASES.length);
    for (const row of report.rows) {
      expect(row.error).toBeUndefined();
      expect(row.max_rel_diff_y, `${row.case} on ${row.backend}`).toBeLessThanOrEqual(DDA_PARITY_TOLERANCE.f64.y);
      expect(row.qext_rel_diff, `${row.case} on ${row.backend}`).toBeLessThanOrEqual(DDA_PARITY_TOLERANCE.f64.qext);
    }
    expect(report.pass).toBe(true);
    // ADDA's default sphere is one of the cases: its Qext is ADDA's 3.7911 (see solve.test.ts for the derivation).
    const adda = report.rows.find((r) => r.case === 'sphere-16' && r.backend === 'reference');
    expect(adda?.dipoles).toBe(2176);
    expect(adda?.qext).toBeCloseTo(3.7911, 4);
  }, 120_000);

  it('fails a backend whose product is off, and one that throws, instead of passing it', async () => {
    // A reference product with one component nudged by 1e-6 relative: above the f64 tolerance.
    const nudged: DdaOperatorBackend = {
      ...referenceDdaBackend,
      id: 'direct',
      create: async (input) => {
        const op = await referenceDdaBackend.create(input);
        return {
          ...op,
          apply: async (xRe, xIm, yRe, yIm) => {
            await op.apply(xRe, xIm, yRe, yIm);
            yRe[0] = (yRe[0] as number) * (1 + 1e-6);
          },
        };
      },
    };
    const broken: DdaOperatorBackend = { ...referenceDdaBackend, id: 'webgpu', create: () => Promise.reject(new Error('device lost')) };
    const cases = DDA_PARITY_CASES.filter((c) => c.id === 'cube-6');
    const report = await runDdaParity([nudged, broken], ctx, { cases });
    expect(report.pass).toBe(false);
    expect(report.rows[0]?.pass).toBe(false);
    expect(report.rows[0]?.max_rel_diff_y).toBeGreaterThan(DDA_PARITY_TOLERANCE.f64.y);
    expect(report.rows[1]).toMatchObject({ backend: 'webgpu', pass: false, error: 'device lost' });
  });
});
