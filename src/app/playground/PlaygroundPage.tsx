import { useEffect, useMemo, useState } from 'react';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { RenderBoundary } from '../components/RenderBoundary.tsx';
import { navigate } from '../routing/use-hash-route.ts';
import { BackendBadge } from './BackendBadge.tsx';
import { BackendPanel } from './BackendPanel.tsx';
import { KindPicker } from './KindPicker.tsx';
import { MaterialImport } from './MaterialImport.tsx';
import { PresetPicker } from './PresetPicker.tsx';
import { ProblemEditor } from './ProblemEditor.tsx';
import { ProblemFileButtons } from './ProblemFileButtons.tsx';
import { ResultView } from './ResultView.tsx';
import { kindFromQuery, type PhotonicsKind } from './kinds.ts';
import { kindJsonSchema } from './kind-schema.ts';
import { firstPreset } from './presets.ts';
import { MaterialNamesContext } from './schema-form/material-names.ts';
import { materialOption } from './material-option.ts';
import type { JsonValue } from './schema-form/json-schema.ts';
import { useEstimate, useMaterialList, usePhotonicsWorker, useSolve, useSolveProgress } from './use-photonics-worker.ts';
import { afterEstimate, estimatesFirst } from './estimate-first.ts';
import { GeometryPreview } from './geometry/GeometryPreview.tsx';
import { SolveProgressBar } from './SolveProgressBar.tsx';
import { EstimatePanel } from './EstimatePanel.tsx';

/**
 * The photonics playground: pick a kind, start from a preset, edit the problem as a form (generated
 * from the kind's JSON Schema) or as JSON, and solve it in the worker. The kind lives in the URL
 * (`#/playground?kind=layer_stack`); edits are kept per kind while the page is open.
 */
export function PlaygroundPage({ query }: { query: URLSearchParams }) {
  const kind = kindFromQuery(query);
  const [drafts, setDrafts] = useState<Partial<Record<PhotonicsKind, JsonValue>>>({});
  const opening = useMemo(() => firstPreset(kind), [kind]);
  const problem = drafts[kind] ?? opening;
  const schema = useMemo(() => kindJsonSchema(kind), [kind]);
  const worker = usePhotonicsWorker();
  const materials = useMaterialList(worker.data);
  const materialOptions = useMemo(() => (materials.data ?? []).map(materialOption), [materials.data]);
  const solveProgress = useSolveProgress();
  const solve = useSolve(worker.data, solveProgress.onProgress);
  const estimate = useEstimate(worker.data);
  /** Set while Solve waits for the user to accept a long estimate. */
  const [confirming, setConfirming] = useState(false);
  // A result or error belongs to the tab it was solved from (the hash can change the kind by Back/Forward).
  const [solvedTab, setSolvedTab] = useState<PhotonicsKind | null>(null);
  const solvedHere = solvedTab === kind;

  const setProblem = (k: PhotonicsKind, value: JsonValue): void => {
    setDrafts((d) => ({ ...d, [k]: value }));
    solve.reset();
    estimate.reset();
    setConfirming(false);
  };
  const restartWorker = (): void => {
    solve.reset();
    estimate.reset();
    setConfirming(false);
    void worker.refetch();
  };
  const runSolve = (): void => {
    setConfirming(false);
    setSolvedTab(kind);
    solveProgress.clear();
    solve.mutate(problem);
  };
  /** Grid solvers are estimated first; a long one waits for the user's go-ahead. */
  const startSolve = (): void => {
    if (!estimatesFirst(problem)) {
      runSolve();
      return;
    }
    estimate.mutate(problem, {
      onSuccess: (e) => {
        // A refused problem is shown with its reason (the panel offers no "Solve anyway"), however short.
        if (afterEstimate(e) === 'solve') runSolve();
        else setConfirming(true);
      },
      // An invalid problem: let the solve report it with every issue named.
      onError: () => runSolve(),
    });
  };
  // A tab change (the picker, Back/Forward, an imported file) drops the last tab's estimate: its
  // pending callback would otherwise solve the old problem here, and its "Solve anyway" would solve
  // this tab's problem unestimated. (A reset observer no longer delivers per-call callbacks.)
  const resetEstimate = estimate.reset;
  useEffect(() => {
    resetEstimate();
  }, [kind, resetEstimate]);
  const chooseKind = (k: PhotonicsKind): void => {
    solve.reset();
    navigate({ name: 'playground', query: new URLSearchParams({ kind: k }) });
  };

  return (
    <div className="pg-page">
      <h1>Photonics playground</h1>
      <p className="intro">
        The photonics solvers, in a web worker: Mie scattering, thin-film transfer matrices, slab and
        channel waveguide modes, photonic circuits, 1-D and 2-D gratings (RCWA), photonic-crystal bands, particles by the discrete
        dipole approximation, eigenmode expansion and inverse design. Grid solvers are estimated before they run, report progress
        and can be cancelled. Field names carry their units; wavelengths are vacuum wavelengths; a complex index is
        n + ik (fields ∝ e<sup>−iωt</sup>, k &gt; 0 absorbs). The same JSON runs headless with <code>proving-ground solve FILE</code>.
      </p>
      <KindPicker kind={kind} onChange={chooseKind} />
      {worker.isError && (
        <ErrorPanel title="The photonics worker could not start" error={worker.error} onRetry={restartWorker} retryLabel="Restart the worker" />
      )}
      <div className="pg-layout">
        <section className="panel pg-problem" aria-label="Problem">
          <div className="panel-heading">
            <h2>Problem</h2>
            <BackendBadge worker={worker} showDda={kind === 'dda'} showPwe={kind === 'bands'} />
          </div>
          <PresetPicker kind={kind} onPick={(p) => setProblem(kind, p)} />
          <MaterialNamesContext.Provider value={materialOptions}>
            <ProblemEditor key={kind} schema={schema} value={problem} onChange={(v) => setProblem(kind, v)} />
          </MaterialNamesContext.Provider>
          <RenderBoundary title="The geometry preview could not be drawn" resetKey={problem}>
            <GeometryPreview kind={kind} problem={problem} />
          </RenderBoundary>
          <div className="button-row pg-solve-row">
            <button
              type="button"
              className="primary"
              data-testid="pg-solve"
              disabled={!worker.data || worker.isFetching || solve.isPending || estimate.isPending}
              onClick={startSolve}
            >
              {solve.isPending ? 'Solving…' : estimate.isPending ? 'Estimating…' : 'Solve'}
            </button>
            <button
              type="button"
              data-testid="pg-estimate-button"
              disabled={!worker.data || solve.isPending || estimate.isPending}
              onClick={() => {
                setConfirming(false);
                estimate.mutate(problem);
              }}
            >
              Estimate cost
            </button>
            {solve.isPending && (
              // The solve runs in the worker; stopping it means replacing the worker (imported materials are replayed).
              <span className="pg-progress-row">
                <SolveProgressBar progress={solveProgress.progress} />
                <button type="button" data-testid="pg-cancel" onClick={restartWorker}>
                  Cancel
                </button>
              </span>
            )}
            <ProblemFileButtons
              problem={problem}
              kind={kind}
              onImport={(imported) => {
                setProblem(imported.kind, imported.problem);
                if (imported.kind !== kind) chooseKind(imported.kind);
              }}
            />
          </div>
          {estimate.data && !solve.isPending && (
            <EstimatePanel
              estimate={estimate.data}
              {...(confirming ? { onSolve: runSolve } : {})}
              onDismiss={() => {
                setConfirming(false);
                estimate.reset();
              }}
            />
          )}
          {estimate.isError && !(solve.isError && solvedHere) && <ErrorPanel title="The problem could not be estimated" error={estimate.error} />}
          {/* Beside the Solve button, where the eye is: validation issues name the fields to fix. */}
          {solve.isError && solvedHere && (
            <ErrorPanel
              title="The problem was not solved"
              error={solve.error}
              onRetry={solve.error.name === 'PhotonicsWorkerError' ? restartWorker : undefined}
              retryLabel="Restart the worker"
            />
          )}
        </section>
        <MaterialImport worker={worker.data} count={materials.data?.length} />
      </div>
      {kind === 'dda' && <BackendPanel worker={worker.data} operator="dda" />}
      {kind === 'bands' && <BackendPanel worker={worker.data} operator="pwe" />}
      {solve.data && solvedHere && (
        <RenderBoundary title="The result could not be drawn" resetKey={solve.data}>
          <ResultView output={solve.data} />
        </RenderBoundary>
      )}
    </div>
  );
}
