import { describeBudget } from '../../core/llm/budget.ts';
import type { Transcript } from '../../core/veh/run/transcript.ts';
import { taskUsage } from '../../core/run/usage.ts';
import { formatUsd } from '../../core/run/usage.ts';
import { downloadJson } from './download-json.ts';
import { episodeStatusView, transcriptBudgetStop } from './episode-status.ts';
import { eventCounts, formatDuration, plural, tokenTotals, transcriptFilename } from './transcript-summary.ts';

interface TranscriptViewProps {
  transcript: Transcript;
  /** Id for the heading, so a surrounding dialog can name itself after it. */
  headingId: string;
}

/** The episode's facts: agent, status, timings, tokens and cost, turns, settings, and a download button. */
export function TranscriptHeader({ transcript: t, headingId }: TranscriptViewProps) {
  const tokens = tokenTotals(t.events);
  const counts = eventCounts(t.events);
  const budget = t.settings.query_budget;
  const usage = taskUsage(t);
  const priced = t.events.some((e) => e.type === 'reply' && e.cost_usd !== undefined);
  return (
    <header className="transcript-header">
      <h2 id={headingId}>
        Transcript · <span className="mono" data-testid="transcript-task-id">{t.task.task_id}</span>
      </h2>
      <dl className="facts transcript-facts">
        <dt>agent</dt>
        <dd>
          {t.agent.label} <span className="mono">({t.agent.id})</span>
          {t.agent.privileged && <span className="tag warning">reads the hidden reference</span>}
        </dd>
        <dt>status</dt>
        <dd>
          <TranscriptStatus transcript={t} />
        </dd>
        <dt>probe</dt>
        <dd>
          {t.task.probe} · {t.task.split} split
        </dd>
        <dt>started</dt>
        <dd className="mono">{t.timings.started_at}</dd>
        <dt>duration</dt>
        <dd>
          {formatDuration(t.timings.duration_ms)} total · {formatDuration(t.timings.agent_ms)} agent · {formatDuration(t.timings.oracle_ms)} oracle
        </dd>
        {tokens && (
          <>
            <dt>tokens</dt>
            <dd>
              {tokens.input} in / {tokens.output} out (usage reported by {plural(tokens.replies, 'reply', 'replies')})
            </dd>
          </>
        )}
        {priced && (
          <>
            <dt>cost</dt>
            <dd data-testid="transcript-cost">
              {formatUsd(usage.cost_usd)}
              {usage.cost_usd === null && usage.priced_cost_usd > 0 && ` (${formatUsd(usage.priced_cost_usd)} priced, ${usage.unknown_price_replies} replies unpriced)`} ·{' '}
              {plural(usage.http_calls, 'HTTP call')}
            </dd>
          </>
        )}
        {t.settings.budget && (
          <>
            <dt>task budget</dt>
            <dd>{describeBudget(t.settings.budget)}</dd>
          </>
        )}
        <dt>turns</dt>
        <dd>
          {plural(counts.replies, 'reply', 'replies')} · {counts.agentQueries}
          {budget !== null && ` / ${budget}`} {counts.agentQueries === 1 && budget === null ? 'query' : 'queries'} ·{' '}
          {plural(counts.harnessCalls, 'harness evaluation')}
          {counts.retries > 0 && <span className="fail"> · {plural(counts.retries, 'retry', 'retries')}</span>}
          {counts.parseFailures > 0 && <span className="fail"> · {plural(counts.parseFailures, 'parse failure')}</span>}
          {counts.invalidActions > 0 && <span className="fail"> · {plural(counts.invalidActions, 'invalid action')}</span>}
        </dd>
        <dt>settings</dt>
        <dd className="mono">
          run seed {t.settings.run_seed} · task seed {t.settings.task_seed} · max retries {t.settings.max_retries} · oracle {t.settings.oracle_backend}
          {t.task.probe === 'P3' && ` · ${t.settings.p3_variant}`}
        </dd>
      </dl>
      <p className="button-row">
        <button type="button" data-testid="transcript-download" onClick={() => downloadJson(transcriptFilename(t), t)}>
          Download transcript (JSON)
        </button>
      </p>
    </header>
  );
}

function TranscriptStatus({ transcript }: { transcript: Transcript }) {
  const view = episodeStatusView(transcript.status, transcriptBudgetStop(transcript));
  return (
    <strong className={view.tone === 'bad' ? 'status fail' : 'status'} title={view.explanation} data-testid="transcript-status">
      {view.text}
    </strong>
  );
}
