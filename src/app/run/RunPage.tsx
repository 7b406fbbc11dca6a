import { useMemo, useState } from 'react';
import type { AgentDescriptor } from '../../core/agent/types.ts';
import { DEFAULT_RUN_SEED } from '../../core/run/types.ts';
import type { TranscriptCore } from '../../core/run/transcript-core.ts';
import { activeFilters, applyFilters, filtersFromQuery } from '../browser/task-filters.ts';
import { BankGate, type LoadedBank } from '../components/BankGate.tsx';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { useSuiteEnvironment } from '../data/use-suite-environment.ts';
import type { SuiteView } from '../suites/suite-view.ts';
import { sessionSecrets } from '../data/secrets.ts';
import { useModelConfig, useRememberedKeyEndpoint } from '../data/use-model-config.ts';
import { presetById } from '../settings/presets.ts';
import { RunControls, type RunSettings } from './RunControls.tsx';
import { RunResultView } from './RunResultView.tsx';
import { SelectionSummary } from './SelectionSummary.tsx';
import { InterruptedRuns } from './InterruptedRunBanner.tsx';
import { resolveResumeAgent, type ResumeAgent } from './resume-agent.ts';
import { StorageStatus } from './StorageStatus.tsx';
import { requestPersistentStorage } from '../../adapters/browser/storage-estimate.ts';
import type { StoredRunSummary } from '../../core/store/run-store.ts';
import { useRun } from './RunContext.tsx';
import { buildYourModelAgent, YOUR_MODEL_AGENT_ID, yourModelDescription, yourModelLabel } from './your-model.ts';

export function RunPage({ view, query }: { view: SuiteView; query: URLSearchParams }) {
  return (
    <>
      <h1>Run an agent on {view.suite.descriptor.title}</h1>
      {/* Keyed by suite: settings of one suite's form never carry over into another's. */}
      <BankGate suite={view.suite}>{(bank) => <RunWorkbench key={view.suite.descriptor.id} view={view} bank={bank} query={query} />}</BankGate>
    </>
  );
}

function RunWorkbench({ view, bank, query }: { view: SuiteView; bank: LoadedBank; query: URLSearchParams }) {
  const { suite } = view;
  const BUILTIN_AGENTS = suite.agents;
  // The page does its main job with nothing configured: the suite's first built-in agent (the reference) on the selection.
  const [settings, setSettings] = useState<RunSettings>({ agentId: BUILTIN_AGENTS[0]?.id ?? 'reference', seed: DEFAULT_RUN_SEED });
  const [suiteSettings, setSuiteSettings] = useState<unknown>(view.runOptions.initial);
  const [startError, setStartError] = useState<unknown>(null);
  const oracle = useSuiteEnvironment(suite.descriptor.id);
  const run = useRun();
  const filters = useMemo(() => filtersFromQuery(view.facets, query), [view.facets, query]);
  const tasks = useMemo(() => applyFilters(view.facets, bank.tasks, filters), [view.facets, bank.tasks, filters]);
  const Fields = view.runOptions.Fields;
  const LlmPreview = view.LlmPreview;
  const modelConfig = useModelConfig().data?.config ?? null;
  // Loading it also restores a key remembered on this device into memory (and re-renders when done).
  useRememberedKeyEndpoint();
  const agents = useMemo<readonly AgentDescriptor[]>(
    () =>
      modelConfig
        ? [...BUILTIN_AGENTS, { id: YOUR_MODEL_AGENT_ID, label: yourModelLabel(modelConfig), description: yourModelDescription(modelConfig), privileged: false }]
        : BUILTIN_AGENTS,
    [BUILTIN_AGENTS, modelConfig],
  );
  const yourModel = settings.agentId === YOUR_MODEL_AGENT_ID ? modelConfig : null;
  const agentKnown = agents.some((a) => a.id === settings.agentId);
  const apiKey = yourModel ? sessionSecrets.get({ provider: yourModel.settings.provider, baseUrl: yourModel.settings.base_url }) : '';
  const missingKey = yourModel !== null && apiKey === '' && presetById(yourModel.preset).needsKey;

  const blockedReason = oracle.isPending || oracle.isFetching
    ? 'Starting the oracle worker…'
    : oracle.isError
      ? 'The oracle worker is not available.'
      : tasks.length === 0
        ? 'The selection is empty.'
        : !agentKnown
          ? `Unknown agent “${settings.agentId}”.`
          : missingKey
            ? 'No API key for this endpoint: enter it on the Model settings page (keys stay in memory, so a reload forgets them unless you chose to remember it).'
            : null;

  const restartOracle = () => void oracle.refetch();

  /** The agent an interrupted run needs, as this page can build it now (an LLM run needs the same model and its key). */
  const resumeAgent = (summary: StoredRunSummary, transcripts: readonly TranscriptCore[]): ResumeAgent => {
    const key = modelConfig ? sessionSecrets.get({ provider: modelConfig.settings.provider, baseUrl: modelConfig.settings.base_url }) : '';
    return resolveResumeAgent(summary, transcripts, {
      builtins: BUILTIN_AGENTS,
      config: modelConfig,
      apiKey: key,
      needsKey: modelConfig ? presetById(modelConfig.preset).needsKey : true,
      build: buildYourModelAgent,
    });
  };

  const startRun = () => {
    if (!oracle.data || tasks.length === 0 || blockedReason !== null) return;
    setStartError(null);
    let agent;
    try {
      // A fresh LLM agent per run, built at the last moment so it uses the key held right now.
      agent = yourModel ? buildYourModelAgent(yourModel, apiKey) : BUILTIN_AGENTS.find((a) => a.id === settings.agentId);
    } catch (e) {
      setStartError(e);
      return;
    }
    if (!agent) return;
    const prepared = view.runOptions.prepare({ selection: tasks, settings: suiteSettings, filters: activeFilters(filters), bank: bank.tasks });
    if ('error' in prepared) return setStartError(new Error(prepared.error));
    // Runs are stored as they go: ask (once, on this user action) that the browser not evict them.
    void requestPersistentStorage();
    run.start({
      suite,
      ...prepared,
      agent,
      ...(yourModel ? { budget: yourModel.budget, live: true } : {}),
      env: oracle.data,
      seed: settings.seed,
      bankHash: bank.bankHash,
    });
  };

  return (
    <>
      <SelectionSummary suite={suite} filters={filters} query={query} tasks={tasks} />
      {oracle.isError && (
        <ErrorPanel title="The oracle worker failed to start" error={oracle.error} onRetry={() => void oracle.refetch()} />
      )}
      <InterruptedRuns suite={suite} bank={bank} run={run} env={oracle.data ?? null} resolveAgent={resumeAgent} />
      <RunControls
        agents={agents}
        settings={settings}
        onChange={setSettings}
        onRun={startRun}
        onCancel={run.cancel}
        canRun={blockedReason === null}
        running={run.running}
        blockedReason={blockedReason}
      >
        {Fields && <Fields value={suiteSettings} onChange={setSuiteSettings} disabled={run.running} />}
      </RunControls>
      {startError !== null && <ErrorPanel title="The run could not start" error={startError} />}
      {yourModel && LlmPreview && <LlmPreview config={yourModel} tasks={tasks} options={previewOptions(view, suiteSettings, tasks, bank)} hasKey={apiKey !== ''} />}
      <RunResultView run={run} onRestartOracle={restartOracle} />
      <StorageStatus />
    </>
  );
}

/** The options a run of the current settings would get, for the model-run preview (null when it would not start). */
function previewOptions(view: SuiteView, settings: unknown, tasks: readonly { task_id: string }[], bank: LoadedBank): unknown {
  const prepared = view.runOptions.prepare({ selection: tasks, settings, filters: {}, bank: bank.tasks });
  return 'error' in prepared ? null : prepared.options;
}
