import { useMemo, useState } from 'react';
import { BUILTIN_AGENTS } from '../../core/veh/agents/index.ts';
import { DEFAULT_RUN_SEED } from '../../core/run/types.ts';
import { activeFilters, applyFilters, filtersFromQuery } from '../browser/task-filters.ts';
import { BankGate, type LoadedBank } from '../components/BankGate.tsx';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { useVehOracle } from '../data/use-veh-oracle.ts';
import { RunControls, type RunSettings } from './RunControls.tsx';
import { RunResultView } from './RunResultView.tsx';
import { SelectionSummary } from './SelectionSummary.tsx';
import { useRun } from './RunContext.tsx';

/** The page does its main job with nothing configured: the reference agent on the selection. */
const DEFAULT_SETTINGS: RunSettings = { agentId: 'reference', seed: DEFAULT_RUN_SEED, p3Variant: 'raw_history' };

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
  const oracle = useVehOracle();
  const run = useRun();
  const filters = useMemo(() => filtersFromQuery(query), [query]);
  const tasks = useMemo(() => applyFilters(bank.tasks, filters), [bank.tasks, filters]);
  const agent = BUILTIN_AGENTS.find((a) => a.id === settings.agentId);

  const blockedReason = oracle.isPending || oracle.isFetching
    ? 'Starting the oracle worker…'
    : oracle.isError
      ? 'The oracle worker is not available.'
      : tasks.length === 0
        ? 'The selection is empty.'
        : agent === undefined
          ? `Unknown agent “${settings.agentId}”.`
          : null;

  const restartOracle = () => void oracle.refetch();

  const startRun = () => {
    if (!oracle.data || !agent || tasks.length === 0) return;
    run.start({
      tasks,
      agent,
      oracle: oracle.data,
      seed: settings.seed,
      p3Variant: settings.p3Variant,
      filters: activeFilters(filters),
      bankHash: bank.bankHash,
    });
  };

  return (
    <>
      <SelectionSummary filters={filters} query={query} tasks={tasks} />
      {oracle.isError && (
        <ErrorPanel title="The oracle worker failed to start" error={oracle.error} onRetry={() => void oracle.refetch()} />
      )}
      <RunControls
        agents={BUILTIN_AGENTS}
        settings={settings}
        onChange={setSettings}
        onRun={startRun}
        onCancel={run.cancel}
        canRun={blockedReason === null}
        running={run.running}
        blockedReason={blockedReason}
      />
      <RunResultView run={run} onRestartOracle={restartOracle} />
    </>
  );
}
