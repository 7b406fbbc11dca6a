import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { WorkerPhotonics } from '../../adapters/browser/worker-photonics.ts';
import type { DdaBackendPreference } from '../../core/photonics/dda/backend-choice.ts';
import type { DdaParityReport } from '../../core/photonics/dda/parity.ts';
import type { DdaBackendsInfo } from '../../../workers/photonics-api.ts';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { formatCell } from './result-tables.ts';

/**
 * Where the DDA's matrix–vector products run: the backends the worker built (WebGPU, the f64
 * reference) with the reason a missing one was skipped, a choice between auto / WebGPU / reference,
 * and "Check backends", which runs the parity cases on each and tabulates the differences.
 */

// A restarted worker starts again at 'auto', so each worker gets its own cache entry.
const workerIds = new WeakMap<WorkerPhotonics, number>();
let nextWorkerId = 0;
function ddaKey(worker: WorkerPhotonics | undefined): readonly unknown[] {
  if (!worker) return ['photonics', 'dda-backends', null];
  if (!workerIds.has(worker)) workerIds.set(worker, nextWorkerId++);
  return ['photonics', 'dda-backends', workerIds.get(worker)];
}

/** The worker's DDA backends; `enabled` keeps the GPU untouched until a DDA problem is open. */
export function useDdaBackends(worker: WorkerPhotonics | undefined, enabled = true) {
  return useQuery({
    queryKey: ddaKey(worker),
    queryFn: () => (worker as WorkerPhotonics).ddaBackends(),
    enabled: enabled && worker !== undefined,
    staleTime: Infinity,
    retry: false,
  });
}

/** One line for the badge: which backend a DDA solve will use under the current preference. */
export function ddaBackendLabel(info: DdaBackendsInfo): string {
  if (info.preference !== 'auto') return `${info.preference} (forced)`;
  const gpu = info.available.find((id) => id !== 'reference');
  if (!gpu) return 'reference (auto)';
  return `auto: ${gpu} from ${Math.round(Math.cbrt(info.gpu_min_fft_points))}³ FFT points, else reference`;
}

const PREFERENCES: readonly { id: DdaBackendPreference; label: string }[] = [
  { id: 'auto', label: 'Auto (GPU for large grids, CPU for small)' },
  { id: 'webgpu', label: 'WebGPU' },
  { id: 'reference', label: 'Reference (TypeScript, f64)' },
];

const exp = (v: number): string => (Number.isFinite(v) ? v.toExponential(1).replace('.0e', 'e') : '—');

function ParityTable({ report }: { report: DdaParityReport }) {
  const failed = report.rows.filter((r) => !r.pass).length;
  return (
    <div className="table-scroll">
      <p data-testid="pg-parity-summary" className={report.pass ? 'pass' : 'fail'}>
        {report.pass ? `All ${report.rows.length} checks pass.` : `${failed} of ${report.rows.length} checks fail.`} Tolerances: f32 backends |Δy|/|y| ≤{' '}
        {exp(report.tolerance.f32.y)}, |ΔQext|/Qext ≤ {exp(report.tolerance.f32.qext)}; f64 backends ≤ {exp(report.tolerance.f64.y)} and {exp(report.tolerance.f64.qext)}.
      </p>
      <table className="data-table compact pg-parity-table" data-testid="pg-parity-table">
        <caption>DDA backend parity against the f64 reference (times are this device’s; a software adapter says nothing about GPU speed)</caption>
        <thead>
          <tr>
            <th scope="col">case</th>
            <th scope="col">backend</th>
            <th scope="col">dipoles</th>
            <th scope="col">FFT points</th>
            <th scope="col">max |Δy|/|y|</th>
            <th scope="col">Qext</th>
            <th scope="col">Qext (reference)</th>
            <th scope="col">|ΔQext|/Qext</th>
            <th scope="col">iterations</th>
            <th scope="col">solve ms</th>
            <th scope="col">result</th>
          </tr>
        </thead>
        <tbody>
          {report.rows.map((r) => (
            <tr key={`${r.case}-${r.backend}`} data-testid={`pg-parity-${r.case}-${r.backend}`}>
              <th scope="row">{r.case}</th>
              <td>{r.backend}</td>
              <td>{r.dipoles}</td>
              <td>{r.fft_points}</td>
              <td className="mono">{exp(r.max_rel_diff_y)}</td>
              <td className="mono">{formatCell(r.qext)}</td>
              <td className="mono">{formatCell(r.qext_reference)}</td>
              <td className="mono">{exp(r.qext_rel_diff)}</td>
              <td>{r.iterations}</td>
              <td>{Math.round(r.solve_ms)}</td>
              <td className={r.pass ? 'pass' : 'fail'} title={r.error}>
                {r.pass ? 'pass' : r.error ? `fail: ${r.error}` : 'fail'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function BackendPanel({ worker }: { worker: WorkerPhotonics | undefined }) {
  const headingId = useId();
  const client = useQueryClient();
  const info = useDdaBackends(worker);
  const setPreference = useMutation({
    mutationFn: (dda: DdaBackendPreference) => (worker as WorkerPhotonics).setBackendPreference({ dda }),
    // Shown at once (the radio is controlled); the worker's answer, or the old value on failure, follows.
    onMutate: (dda) => {
      const before = client.getQueryData<DdaBackendsInfo>(ddaKey(worker));
      if (before) client.setQueryData(ddaKey(worker), { ...before, preference: dda });
      return { before };
    },
    onSuccess: (next) => client.setQueryData(ddaKey(worker), next),
    onError: (_e, _dda, context) => {
      if (context?.before) client.setQueryData(ddaKey(worker), context.before);
    },
  });
  const check = useMutation({ mutationFn: () => (worker as WorkerPhotonics).checkBackends() });
  const data = info.data;
  return (
    <section className="panel pg-backend-panel" aria-labelledby={headingId} data-testid="pg-backend-panel">
      <h2 id={headingId}>DDA operator backend</h2>
      {info.isPending && worker && <p className="note">Looking for WebGPU in the worker…</p>}
      {info.isError && <ErrorPanel title="The DDA backends could not be listed" error={info.error} />}
      {data && (
        <>
          <p data-testid="pg-dda-available">
            Available: <strong>{data.available.join(', ')}</strong>
            {data.skipped.length > 0 && <span className="note"> — {data.skipped.join('; ')}</span>}
          </p>
          <ul className="pg-backend-descriptions">
            {data.available.map((id) => (
              <li key={id}>{data.descriptions[id]}</li>
            ))}
          </ul>
          <fieldset className="pg-backend-choice" disabled={setPreference.isPending}>
            <legend>Run DDA products on</legend>
            {PREFERENCES.map((p) => (
              <label key={p.id}>
                <input
                  type="radio"
                  name={`${headingId}-pref`}
                  value={p.id}
                  data-testid={`pg-dda-pref-${p.id}`}
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
          {check.data && <ParityTable report={check.data} />}
        </>
      )}
    </section>
  );
}
