/**
 * The Node half of the Θ backend parity suite: every case on the f64 reference (held to the f64
 * tolerance) and on the f32 CPU replay of the WebGPU kernels (held to the f32 one), and a broken
 * backend and a throwing one that must fail. The WebGPU half runs the same function in Chromium
 * (e2e/webgpu-pwe.spec.ts).
 */
import { describe, expect, it } from 'vitest';
import { replayPweBackend } from '../../../adapters/browser/webgpu/pwe-plan.ts';
import { referencePweBackend, type ThetaOperatorBackend } from './operator-backend.ts';
import { PWE_PARITY_CASES, PWE_PARITY_TOLERANCE, runPweParity } from './parity.ts';

describe('runPweParity', () => {
  it('every case passes on the reference (exactly) and on the f32 replay of the GPU kernels', async () => {
    const report = await runPweParity([referencePweBackend, replayPweBackend]);
    expect(report.rows).toHaveLength(2 * PWE_PARITY_CASES.length);
    for (const row of report.rows) {
      expect(row.error, row.case).toBeUndefined();
      const tol = PWE_PARITY_TOLERANCE[row.backend === 'reference' ? 'f64' : 'f32'];
      expect(row.max_rel_diff_y, `${row.case} on ${row.backend}`).toBeLessThanOrEqual(tol.y);
      expect(row.max_rel_diff_frequency, `${row.case} on ${row.backend}`).toBeLessThanOrEqual(tol.frequency);
      expect(row.max_rel_diff_gap, `${row.case} on ${row.backend}`).toBeLessThanOrEqual(tol.frequency);
      if (row.backend === 'replay') expect(row.max_rel_diff_y).toBeGreaterThan(0);
    }
    expect(report.pass).toBe(true);
  }, 120_000);

  it('fails a backend whose product is slightly off, and one that throws, instead of passing them', async () => {
    // The reference with one component of every product moved by 1e-4 of the largest: above the f32 tolerance too.
    const nudged: ThetaOperatorBackend = {
      ...referencePweBackend,
      id: 'webgpu',
      precision: 'f32',
      create: async (op) => {
        const inner = await referencePweBackend.create(op);
        return {
          ...inner,
          applyBlock: async (xRe, xIm, count, yRe, yIm) => {
            await inner.applyBlock(xRe, xIm, count, yRe, yIm);
            let largest = 0;
            for (const v of yRe) largest = Math.max(largest, Math.abs(v));
            yRe[3] = (yRe[3] as number) + 1e-4 * largest;
          },
        };
      },
    };
    const broken: ThetaOperatorBackend = { ...referencePweBackend, id: 'webgpu', create: () => Promise.reject(new Error('device lost')) };
    const cases = PWE_PARITY_CASES.filter((c) => c.id === 'holes-TE-11');
    const report = await runPweParity([nudged, broken], { cases });
    expect(report.pass).toBe(false);
    expect(report.rows[0]?.pass).toBe(false);
    expect(report.rows[0]?.max_rel_diff_y).toBeGreaterThan(PWE_PARITY_TOLERANCE.f32.y);
    expect(report.rows[1]).toMatchObject({ backend: 'webgpu', pass: false, error: 'device lost' });
  }, 60_000);
});
