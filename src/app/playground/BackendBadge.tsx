import type { UseQueryResult } from '@tanstack/react-query';
import type { WorkerPhotonics } from '../../adapters/browser/worker-photonics.ts';
import { ddaBackendLabel, pweBackendLabel, useOperatorBackends } from './BackendPanel.tsx';

/**
 * Which kernel each solver runs in the worker (wasm, or the TypeScript reference and why). With
 * `showDda` (a DDA problem is open) it also names the DDA operator backend, with `showPwe` (a
 * bands problem) the plane-wave Θ backend: asking for either builds that GPU backend in the
 * worker, so other kinds never touch the GPU.
 */
export function BackendBadge({ worker, showDda = false, showPwe = false }: { worker: UseQueryResult<WorkerPhotonics>; showDda?: boolean; showPwe?: boolean }) {
  const dda = useOperatorBackends(worker.data, 'dda', showDda);
  const pwe = useOperatorBackends(worker.data, 'pwe', showPwe);
  if (worker.isPending || worker.isFetching) return <span className="note">starting the worker…</span>;
  if (!worker.data) return null;
  const { mie, tmm, linalg, skipped } = worker.data.backends;
  const reasons = [...skipped, ...(showDda ? (dda.data?.skipped ?? []) : []), ...(showPwe ? (pwe.data?.skipped ?? []) : [])];
  return (
    <span className="note" data-testid="pg-backends" title={reasons.length > 0 ? reasons.join('; ') : 'Every kernel runs as WebAssembly'}>
      Mie: <strong>{mie}</strong> · TMM: <strong>{tmm}</strong>
      {linalg && (
        <>
          {' '}
          · linear algebra (RCWA, channel modes, inverse design): <strong data-testid="pg-linalg-backend">{linalg}</strong>
        </>
      )}{' '}
      · slab, circuits, EME: TypeScript
      {showDda && dda.data && (
        <>
          {' '}
          · DDA: <strong data-testid="pg-dda-backend">{ddaBackendLabel(dda.data)}</strong>
        </>
      )}
      {showPwe && pwe.data && (
        <>
          {' '}
          · bands (fft): <strong data-testid="pg-pwe-backend">{pweBackendLabel(pwe.data)}</strong>
        </>
      )}
    </span>
  );
}
