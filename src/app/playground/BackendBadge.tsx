import type { UseQueryResult } from '@tanstack/react-query';
import type { WorkerPhotonics } from '../../adapters/browser/worker-photonics.ts';

/** Which kernel each solver runs in the worker (wasm, or the TypeScript reference and why). */
export function BackendBadge({ worker }: { worker: UseQueryResult<WorkerPhotonics> }) {
  if (worker.isPending || worker.isFetching) return <span className="note">starting the worker…</span>;
  if (!worker.data) return null;
  const { mie, tmm, skipped } = worker.data.backends;
  return (
    <span className="note" data-testid="pg-backends" title={skipped.length > 0 ? skipped.join('; ') : 'Both kernels run as WebAssembly'}>
      Mie: <strong>{mie}</strong> · TMM: <strong>{tmm}</strong> · slab, circuits: TypeScript
    </span>
  );
}
