import { useMemo, useState } from 'react';
import type { AgentDescriptor } from '../../core/agent/types.ts';
import { BUILTIN_AGENTS } from '../../core/veh/agents/index.ts';
import { DEFAULT_RUN_SEED } from '../../core/run/types.ts';
import { activeFilters, applyFilters, filtersFromQuery } from '../browser/task-filters.ts';
import { BankGate, type LoadedBank } from '../components/BankGate.tsx';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { useVehOracle } from '../data/use-veh-oracle.ts';
import { sessionSecrets } from '../data/secrets.ts';
import { useModelConfig, useRememberedKeyEndpoint } from '../data/use-model-config.ts';
import { presetById } from '../settings/presets.ts';
import { LlmRunPreview } from './LlmRunPreview.tsx';
import { RunControls, type RunSettings } from './RunControls.tsx';
import { auditedRun, DEFAULT_AUDIT_SETTINGS, emptyAuditReason } from './run-audit.ts';
import { RunResultView } from './RunResultView.tsx';
import { SelectionSummary } from './SelectionSummary.tsx';
import { InterruptedRuns } from './InterruptedRunBanner.tsx';
import { resolveResumeAgent, type ResumeAgent } from './resume-agent.ts';
import { StorageStatus } from './StorageStatus.tsx';
import { requestPersistentStorage } from '../../adapters/browser/storage-estimate.ts';
import type { StoredRunSummary } from '../../core/store/run-store.ts';
import type { Transcript } from '../../core/veh/run/transcript.ts';
import { useRun } from './RunContext.tsx';
import { buildYourModelAgent, YOUR_MODEL_AGENT_ID, yourModelDescription, yourModelLabel } from './your-model.ts';

/** The page does its main job with nothing configured: the reference agent on the selection. */
const DEFAULT_SETTINGS: RunSettings = { agentId: 'reference', seed: DEFAULT_RUN_SEED, p3Variant: 'raw_history', ...DEFAULT_AUDIT_SETTINGS };

export function RunPage({ query }: { query: URLSearchParams }) {
  return (
    <>
      <h1>Run an agent on VEHBench</h1>
      <BankGate>{(bank) => <RunWorkbench bank={bank} query={query} />}</BankGate>
    </>
  );
}

function RunWorkbench({ bank, query }: { bank: LoadedBank; query: URLSearchParams }) {
  const [settings, setSettings] = useState<RunSettings>(DEFAULT_SETTINGS);
  const [startError, setStartError] = useState<unknown>(null);
  const oracle = useVehOracle();
  const run = useRun();
  const filters = useMemo(() => filtersFromQuery(query), [query]);
  const tasks = useMemo(() => applyFilters(bank.tasks, filters), [bank.tasks, filters]);
  const modelConfig = useModelConfig().data?.config ?? null;
  // Loading it also restores a key remembered on this device into memory (and re-renders when done).
  useRememberedKeyEndpoint();
  const agents = useMemo<readonly AgentDescriptor[]>(
    () =>
      modelConfig
        ? [...BUILTIN_AGENTS, { id: YOUR_MODEL_AGENT_ID, label: yourModelLabel(modelConfig), description: yourModelDescription(modelConfig), privileged: false }]
        : BUILTIN_AGENTS,
    [modelConfig],
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
  const resumeAgent = (summary: StoredRunSummary, transcripts: readonly Transcript[]): ResumeAgent => {
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
    const audited = auditedRun(tasks, settings, activeFilters(filters), bank.tasks);
    if (audited.tasks.length === 0) return setStartError(new Error(emptyAuditReason(settings)));
    // Runs are stored as they go: ask (once, on this user action) that the browser not evict them.
    void requestPersistentStorage();
    run.start({
      ...audited,
      agent,
      ...(yourModel ? { budget: yourModel.budget, live: true } : {}),
      oracle: oracle.data,
      seed: settings.seed,
      p3Variant: settings.p3Variant,
      bankHash: bank.bankHash,
    });
  };

  return (
    <>
      <SelectionSummary filters={filters} query={query} tasks={tasks} />
      {oracle.isError && (
        <ErrorPanel title="The oracle worker failed to start" error={oracle.error} onRetry={() => void oracle.refetch()} />
      )}
      <InterruptedRuns bank={bank} run={run} oracle={oracle.data ?? null} resolveAgent={resumeAgent} />
      <RunControls
        agents={agents}
        settings={settings}
        onChange={setSettings}
        onRun={startRun}
        onCancel={run.cancel}
        canRun={blockedReason === null}
        running={run.running}
        blockedReason={blockedReason}
      />
      {startError !== null && <ErrorPanel title="The run could not start" error={startError} />}
      {yourModel && <LlmRunPreview config={yourModel} tasks={tasks} p3Variant={settings.p3Variant} hasKey={apiKey !== ''} />}
      <RunResultView run={run} onRestartOracle={restartOracle} />
      <StorageStatus />
    </>
  );
}
