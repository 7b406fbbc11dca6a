import { useState } from 'react';
import type { TranscriptCore } from '../../core/run/transcript-core.ts';
import type { SuiteEnvironment } from '../../core/run/types.ts';
import type { AnySuite } from '../../core/suite/contract.ts';
import { planResume } from '../../core/store/resume-plan.ts';
import type { StoredRunSummary } from '../../core/store/run-store.ts';
import type { LoadedBank } from '../components/BankGate.tsx';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { getRunStore, useStoredRuns } from '../data/run-store.ts';
import { routeHref } from '../routing/route.ts';
import { isPausedRun } from './pause-on-cancel.ts';
import type { ResumeAgent } from './resume-agent.ts';
import type { SuiteRun } from './use-suite-run.ts';

interface InterruptedRunsProps {
  suite: AnySuite;
  bank: LoadedBank;
  run: SuiteRun;
  env: SuiteEnvironment | null;
  /** Given the run's stored transcripts too: an LLM run's endpoint is read from its recorded requests. */
  resolveAgent: (summary: StoredRunSummary, transcripts: readonly TranscriptCore[]) => ResumeAgent;
}

/**
 * Local runs whose tab closed or crashed mid-run (marked `interrupted` at page load), each with
 * Resume (only the tasks not yet committed run, same recipe) and a confirmed Discard.
 */
export function InterruptedRuns({ suite, bank, run, env, resolveAgent }: InterruptedRunsProps) {
  const runs = useStoredRuns();
  // This suite's runs only: another suite's interrupted run is resumed from that suite's Run page.
  const interrupted = (runs.data ?? []).filter((s) => s.status === 'interrupted' && s.source === 'local' && s.suite === suite.descriptor.id);
  if (run.running || interrupted.length === 0) return null;
  return (
    <>
      {interrupted.map((summary) => (
        <InterruptedRun key={summary.store_id} summary={summary} suite={suite} bank={bank} run={run} env={env} resolveAgent={resolveAgent} />
      ))}
    </>
  );
}

function InterruptedRun({ summary, suite, bank, run, env, resolveAgent }: InterruptedRunsProps & { summary: StoredRunSummary }) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const headingId = `interrupted-${summary.store_id}`;

  const resume = async () => {
    if (!env) return;
    setBusy(true);
    setProblem(null);
    setError(null);
    try {
      const store = getRunStore();
      const [committed, transcripts] = await Promise.all([store.readRows(summary.store_id), store.readTranscripts(summary.store_id)]);
      const resolved = resolveAgent(summary, transcripts);
      const plan = planResume({ summary, committed, transcripts, suiteId: suite.descriptor.id, bankTasks: bank.tasks, bankHash: bank.bankHash, agentProblem: 'problem' in resolved ? resolved.problem : null });
      if (!plan.ok || 'problem' in resolved || !summary.recipe) {
        setProblem(plan.ok ? 'This run cannot be resumed.' : plan.reason);
        return;
      }
      const r = summary.recipe;
      run.start({
        suite,
        tasks: plan.tasks,
        agent: resolved.agent,
        env,
        seed: r.seed,
        options: r.options,
        filters: r.filters,
        bankHash: r.bank_hash,
        ...(resolved.budget ? { budget: resolved.budget } : {}),
        ...(resolved.live ? { live: true } : {}),
        resume: { summary, plan },
      });
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  const discard = async () => {
    setBusy(true);
    try {
      await getRunStore().deleteRun(summary.store_id);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <section className="panel pg-interrupted" aria-labelledby={headingId} data-testid="interrupted-run">
      <h2 id={headingId}>
        {isPausedRun(summary) ? 'A paused run' : 'An interrupted run'} ({summary.label}, <span data-testid="interrupted-done">{summary.done_count}</span> of {summary.task_count} tasks)
      </h2>
      <p className="note">
        {summary.error ?? 'This run stopped before it finished.'} Started {summary.started_at}, seed {summary.seed}. Resume runs the{' '}
        {summary.task_count - summary.done_count} remaining tasks with the same agent, seed and task list; the result covers all {summary.task_count}.{' '}
        <a href={routeHref({ name: 'run-detail', storeId: summary.store_id, taskIndex: null, query: new URLSearchParams() })}>Open the finished tasks</a>
      </p>
      {problem && (
        <p className="pg-interrupted-problem" role="alert">
          {problem}
        </p>
      )}
      {error !== null && <ErrorPanel title="The interrupted run could not be read or changed" error={error} />}
      <div className="button-row">
        <button type="button" className="primary" onClick={() => void resume()} disabled={busy || !env}>
          Resume
        </button>
        {!confirming && (
          <button type="button" onClick={() => setConfirming(true)} disabled={busy}>
            Discard…
          </button>
        )}
        {confirming && (
          <span role="group" aria-label="Confirm discarding the interrupted run" className="button-row">
            <span>
              Delete this run and its {summary.done_count} finished tasks from this browser?
            </span>
            <button type="button" onClick={() => void discard()} disabled={busy}>
              Delete
            </button>
            <button type="button" onClick={() => setConfirming(false)} disabled={busy}>
              Keep
            </button>
          </span>
        )}
      </div>
    </section>
  );
}
