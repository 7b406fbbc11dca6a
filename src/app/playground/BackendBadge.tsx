import type { UseQueryResult } from '@tanstack/react-query';
import type { WorkerPhotonics } from '../../adapters/browser/worker-photonics.ts';
import { ddaBackendLabel, useDdaBackends } from './BackendPanel.tsx';

/**
 * Which kernel each solver runs in the worker (wasm, or the TypeScript reference and why). With
 * `showDda` (a DDA problem is open) it also names the DDA operator backend: asking for it builds the
 * GPU backend in the worker, so other kinds never touch the GPU.
 */
export function BackendBadge({ worker, showDda = false }: { worker: UseQueryResult<WorkerPhotonics>; showDda?: boolean }) {
  const dda = useDdaBackends(worker.data, showDda);
  if (worker.isPending || worker.isFetching) return <span className="note">starting the worker…</span>;
  if (!worker.data) return null;
  const { mie, tmm, skipped } = worker.data.backends;
  const ddaSkipped = showDda ? (dda.data?.skipped ?? []) : [];
  const reasons = [...skipped, ...ddaSkipped];
  return (
    <span className="note" data-testid="pg-backends" title={reasons.length > 0 ? reasons.join('; ') : 'Both kernels run as WebAssembly'}>
      Mie: <strong>{mie}</strong> · TMM: <strong>{tmm}</strong> · slab, circuits: TypeScript
      {showDda && dda.data && (
        <>
          {' '}
          · DDA: <strong data-testid="pg-dda-backend">{ddaBackendLabel(dda.data)}</strong>
        </>
      )}
    </span>
  );
}
