/**
 * The fft band solve with Θ on any backend (operator-backend.ts): the same generator as
 * solveBandsFft (bands-fft.ts), its block product requests awaited on the backend. LOBPCG and
 * everything else stay in f64 on the CPU; a backend only ever computes y = Θx.
 */
import type { BandsInput } from './bands.ts';
import { bandsFftSteps, type FftBandsOptions, type FftBandsResult, type ThetaApplyRequest } from './bands-fft.ts';
import { driveAsync } from './block-steps.ts';
import type { ThetaOperator } from './operator.ts';
import type { AsyncThetaOperator, ThetaOperatorBackend } from './operator-backend.ts';

/**
 * Θ on a backend, asynchronously: one operator per k-point (built when a request names a new one,
 * the previous one disposed), one awaited block product per request.
 */
export function backendThetaApplier(backend: ThetaOperatorBackend): { apply: (request: ThetaApplyRequest) => Promise<void>; dispose: () => void } {
  let current: { op: ThetaOperator; on: AsyncThetaOperator } | undefined;
  return {
    async apply(request) {
      if (current?.op !== request.op) {
        current?.on.dispose();
        current = undefined;
        current = { op: request.op, on: await backend.create(request.op) };
      }
      await current.on.applyBlock(request.xRe, request.xIm, request.count, request.yRe, request.yIm);
    },
    dispose() {
      current?.on.dispose();
      current = undefined;
    },
  };
}

/** solveBandsFft with Θ on `backend`; the eigensolver and everything else stay in f64 on the CPU. */
export async function solveBandsFftAsync(input: BandsInput, backend: ThetaOperatorBackend, options: FftBandsOptions = {}): Promise<FftBandsResult> {
  const applier = backendThetaApplier(backend);
  try {
    return await driveAsync(bandsFftSteps(input, options), applier.apply);
  } finally {
    applier.dispose();
  }
}

