import { useState } from 'react';
import type { PhotonicsTask } from '../../core/photonics-agent/task-schema.ts';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { useSuiteEnvironment } from '../data/use-suite-environment.ts';
import { suiteView } from '../suites/registry.ts';
import { GALLERY_SUITE_ID } from './gallery-suite.ts';
import { useLiveTaskRun } from './use-live-task-run.ts';

const BUTTONS = [
  { agentId: 'naive', label: 'Run naive agent' },
  { agentId: 'oracle', label: 'Run oracle agent' },
] as const;

/**
 * The suite's naive and oracle agents on this one task, through the same tools and graders as any
 * run (the suite's worker environment): the verdict, the checks that failed, and the transcript.
 */
export function LiveAgentRuns({ task }: { task: PhotonicsTask }) {
  const view = suiteView(GALLERY_SUITE_ID);
  const env = useSuiteEnvironment(GALLERY_SUITE_ID);
  const run = useLiveTaskRun(view.suite, task);
  const [showTranscript, setShowTranscript] = useState(false);
  const start = (agentId: string) => {
    const agent = view.suite.agents.find((a) => a.id === agentId);
    if (!agent || !env.data) return;
    setShowTranscript(false);
    run.mutate({ agent, env: env.data });
  };
  const blocked = env.isPending ? 'Starting the photonics worker…' : env.isError ? 'The photonics worker is not available.' : null;
  const result = run.data;
  const Transcript = view.TranscriptView;
  return (
    <section className="panel gallery-live" aria-labelledby="gallery-live">
      <h2 id="gallery-live">Run an agent on this task, live</h2>
      <p className="note">Each agent answers through the suite’s tools in this browser and is graded by its graders; the run is not stored.</p>
      <div className="button-row">
        {BUTTONS.map((b) => (
          <button key={b.agentId} type="button" onClick={() => start(b.agentId)} disabled={blocked !== null || run.isPending} data-testid={`gallery-run-${b.agentId}`}>
            {b.label}
          </button>
        ))}
        {blocked && <span className="note">{blocked}</span>}
        {run.isPending && (
          <span className="note" role="status">
            Running the {run.variables.agent.label} agent…
          </span>
        )}
      </div>
      {env.isError && <ErrorPanel title="The photonics worker could not start" error={env.error} onRetry={() => void env.refetch()} />}
      {run.isError && <ErrorPanel title="The run failed" error={run.error} />}
      {result && !run.isPending && (
        <div className="gallery-live-result" data-testid="gallery-live-result" data-agent={result.agentId}>
          <p>
            <strong>{result.transcript.agent.label}</strong>:{' '}
            <span className={result.grade.pass ? 'pass' : 'fail'} data-testid="gallery-live-verdict">
              {result.grade.pass ? 'pass' : 'fail'}
            </span>{' '}
            (score {result.grade.score.toFixed(2)}, {result.grade.status})
          </p>
          {result.grade.failed.length > 0 && (
            <ul>
              {result.grade.failed.map((f) => (
                <li key={f.check}>
                  <span className="mono">{f.check}</span>: {f.detail}
                </li>
              ))}
            </ul>
          )}
          <button type="button" aria-expanded={showTranscript} onClick={() => setShowTranscript((s) => !s)}>
            {showTranscript ? 'Hide the transcript' : 'Show the transcript'}
          </button>
          {showTranscript && <Transcript suite={view.suite} transcript={result.transcript} />}
        </div>
      )}
    </section>
  );
}
