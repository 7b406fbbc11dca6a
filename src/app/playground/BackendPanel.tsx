import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { WorkerPhotonics } from '../../adapters/browser/worker-photonics.ts';
import type { GpuPreference } from '../../core/kernels/gpu-choice.ts';
import type { DdaBackendsInfo, PweBackendsInfo } from '../../../workers/photonics-api.ts';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { DdaParityTable, PweParityTable } from './ParityTable.tsx';

/**
 * Where an operator's products run — the DDA's matrix–vector products on a `dda` problem, the
 * plane-wave Θ of the fft band solver on a `bands` one: the backends the worker built (WebGPU, the
 * f64 reference) with the reason a missing one was skipped, a choice between auto / WebGPU /
 * reference, and "Check backends", which runs the parity cases on each and tabulates the differences.
 */

export type OperatorKind = 'dda' | 'pwe';

// A restarted worker starts again at 'auto', so each worker gets its own cache entry.
const workerIds = new WeakMap<WorkerPhotonics, number>();
let nextWorkerId = 0;
function backendsKey(worker: WorkerPhotonics | undefined, operator: OperatorKind): readonly unknown[] {
  if (!worker) return ['photonics', `${operator}-backends`, null];
  if (!workerIds.has(worker)) workerIds.set(worker, nextWorkerId++);
  return ['photonics', `${operator}-backends`, workerIds.get(worker)];
}

type InfoOf<K extends OperatorKind> = K extends 'dda' ? DdaBackendsInfo : PweBackendsInfo;

/** The worker's backends for one operator; `enabled` keeps the GPU untouched until a problem that uses it is open. */
export function useOperatorBackends<K extends OperatorKind>(worker: WorkerPhotonics | undefined, operator: K, enabled = true) {
  return useQuery<InfoOf<K>>({
    queryKey: backendsKey(worker, operator),
    queryFn: () => (operator === 'dda' ? (worker as WorkerPhotonics).ddaBackends() : (worker as WorkerPhotonics).pweBackends()) as Promise<InfoOf<K>>,
    enabled: enabled && worker !== undefined,
    staleTime: Infinity,
    retry: false,
  });
}

export function useDdaBackends(worker: WorkerPhotonics | undefined, enabled = true) {
  return useOperatorBackends(worker, 'dda', enabled);
}

function label(info: { preference: GpuPreference; available: string[] }, threshold: string): string {
  if (info.preference !== 'auto') return `${info.preference} (forced)`;
  const gpu = info.available.find((id) => id !== 'reference');
  if (!gpu) return 'reference (auto)';
  return `auto: ${gpu} from ${threshold}, else reference`;
}

/** One line for the badge: which backend a DDA solve will use under the current preference. */
export function ddaBackendLabel(info: DdaBackendsInfo): string {
  return label(info, `${Math.round(Math.cbrt(info.gpu_min_fft_points))}³ FFT points`);
}

/** The same for the plane-wave Θ of a fft-method bands solve (the dense method always runs on the CPU). */
export function pweBackendLabel(info: PweBackendsInfo): string {
  return label(info, `${Math.round(Math.sqrt(info.gpu_min_plane_waves))}² plane waves`);
}

const TEXT: Record<OperatorKind, { heading: string; legend: string; auto: string }> = {
  dda: { heading: 'DDA operator backend', legend: 'Run DDA products on', auto: 'Auto (GPU for large grids, CPU for small)' },
  pwe: { heading: 'Plane-wave operator backend (fft method)', legend: 'Run the band solver’s Θ products on', auto: 'Auto (GPU for large bases, CPU for small)' },
};

function preferences(operator: OperatorKind): readonly { id: GpuPreference; label: string }[] {
  return [
    { id: 'auto', label: TEXT[operator].auto },
    { id: 'webgpu', label: 'WebGPU' },
    { id: 'reference', label: 'Reference (TypeScript, f64)' },
  ];
}

export function BackendPanel({ worker, operator = 'dda' }: { worker: WorkerPhotonics | undefined; operator?: OperatorKind }) {
  const headingId = useId();
  const client = useQueryClient();
  const key = backendsKey(worker, operator);
  const info = useOperatorBackends(worker, operator);
  const setPreference = useMutation({
    mutationFn: (preference: GpuPreference) => (worker as WorkerPhotonics).setBackendPreference({ [operator]: preference }),
    // Shown at once (the radio is controlled); the worker's answer, or the old value on failure, follows.
    onMutate: (preference) => {
      const before = client.getQueryData<InfoOf<OperatorKind>>(key);
      if (before) client.setQueryData(key, { ...before, preference });
      return { before };
    },
    onSuccess: (next) => {
      const current = client.getQueryData<InfoOf<OperatorKind>>(key);
      if (current) client.setQueryData(key, { ...current, preference: next[operator] });
    },
    onError: (_e, _p, context) => {
      if (context?.before) client.setQueryData(key, context.before);
    },
  });
  const check = useMutation({
    mutationFn: async () => (operator === 'dda' ? { dda: await (worker as WorkerPhotonics).checkBackends() } : { pwe: await (worker as WorkerPhotonics).checkPweBackends() }),
  });
  const data = info.data;
  const text = TEXT[operator];
  return (
    <section className="panel pg-backend-panel" aria-labelledby={headingId} data-testid="pg-backend-panel">
      <h2 id={headingId}>{text.heading}</h2>
      {info.isPending && worker && <p className="note">Looking for WebGPU in the worker…</p>}
      {info.isError && <ErrorPanel title="The operator backends could not be listed" error={info.error} />}
      {data && (
        <>
          <p data-testid={`pg-${operator}-available`}>
            Available: <strong>{data.available.join(', ')}</strong>
            {data.skipped.length > 0 && <span className="note"> — {data.skipped.join('; ')}</span>}
          </p>
          <ul className="pg-backend-descriptions">
            {data.available.map((id) => (
              <li key={id}>{data.descriptions[id]}</li>
            ))}
          </ul>
          <fieldset className="pg-backend-choice" disabled={setPreference.isPending}>
            <legend>{text.legend}</legend>
            {preferences(operator).map((p) => (
              <label key={p.id}>
                <input
                  type="radio"
                  name={`${headingId}-pref`}
                  value={p.id}
                  data-testid={`pg-${operator}-pref-${p.id}`}
                  checked={data.preference === p.id}
                  onChange={() => setPreference.mutate(p.id)}
                />{' '}
                {p.label}
                {p.id === 'webgpu' && !data.available.includes('webgpu') && ' (unavailable: solves fall back to the reference)'}
              </label>
            ))}
          </fieldset>
          {setPreference.isError && <ErrorPanel title="The preference was not applied" error={setPreference.error} />}
          <div className="button-row">
            <button type="button" data-testid="pg-check-backends" disabled={check.isPending} onClick={() => check.mutate()}>
              {check.isPending ? 'Checking backends…' : 'Check backends'}
            </button>
          </div>
          {check.isError && <ErrorPanel title="The backend check failed" error={check.error} />}
          {check.data?.dda && <DdaParityTable report={check.data.dda} />}
          {check.data?.pwe && <PweParityTable report={check.data.pwe} />}
        </>
      )}
    </section>
  );
}
