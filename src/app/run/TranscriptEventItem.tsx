import { Fragment, type ReactNode } from 'react';
import type { EventCore, ReplyEvent } from '../../core/agent/events.ts';
import type { ActionEvent, EndEvent, FinalRef, TranscriptEvent } from '../../core/veh/protocol/events.ts';
import { DESIGN_VARIABLES } from '../../core/veh/oracle.ts';
import { LongText } from '../components/LongText.tsx';
import { JsonBlock } from '../components/JsonBlock.tsx';
import { formatNumber } from '../format.ts';
import { formatUsd } from '../../core/run/usage.ts';
import { LlmCallsView } from './LlmCallsView.tsx';
import { OracleCallView } from './OracleCallView.tsx';
import { episodeStatusView } from './episode-status.ts';
import { formatDuration } from './transcript-summary.ts';

/** The event types this view draws in full (the shared conversation events and VEH's own). */
const KNOWN = new Set<string>(['message', 'reply', 'llm_retry', 'parse', 'retry', 'parse_failure', 'oracle_call', 'action', 'end', 'error']);

/**
 * One transcript event as a list item. `tone` drives the highlight: retries, parse failures,
 * invalid actions and errors are what a reader hunts for, so they stand out; a successful parse is
 * a quiet one-liner. Another suite's own events (a circuit-oracle call, a tool call) are shown as
 * their recorded JSON, whole.
 */
export function TranscriptEventItem({ event }: { event: EventCore }) {
  const known = KNOWN.has(event.type) ? (event as TranscriptEvent) : null;
  return (
    <li className={`transcript-event tone-${known ? toneOf(known) : 'normal'}`} data-type={event.type}>
      <span className="transcript-time mono" title="milliseconds since the episode started">
        +{formatNumber(event.t_ms)} ms
      </span>
      <div className="transcript-body">{known ? body(known) : <SuiteEvent event={event} />}</div>
    </li>
  );
}

function SuiteEvent({ event }: { event: EventCore }) {
  const { type, t_ms: _t, ...rest } = event as EventCore & Record<string, unknown>;
  return (
    <>
      <p className="transcript-event-title">
        <strong className="mono">{type.replace(/_/g, ' ')}</strong>
      </p>
      <JsonBlock value={rest} />
    </>
  );
}

type Tone = 'normal' | 'quiet' | 'warn' | 'bad' | 'end';

function toneOf(e: TranscriptEvent): Tone {
  switch (e.type) {
    case 'parse':
      return e.ok ? 'quiet' : 'warn';
    case 'retry':
    case 'llm_retry':
      return 'warn';
    case 'parse_failure':
    case 'error':
      return 'bad';
    case 'action':
      return e.protocol_valid ? 'normal' : 'bad';
    case 'end':
      // Only an LLM budget stop is a warning; P2 using its whole query budget is its normal end.
      return e.status === 'budget_exceeded' && e.budget_limit !== undefined ? 'warn' : 'end';
    default:
      return 'normal';
  }
}

function body(e: TranscriptEvent): ReactNode {
  switch (e.type) {
    case 'message':
      return (
        <>
          <Title role={e.role}>{e.role === 'system' ? 'system prompt' : 'user message (harness)'}</Title>
          <LongText text={e.content} testId={`transcript-message-${e.role}`} />
        </>
      );
    case 'reply':
      return (
        <>
          <Title role="agent">
            agent reply{e.attempt > 0 ? ` · retry attempt ${e.attempt}` : ''} · {formatDuration(e.duration_ms)}
            {e.usage && ` · ${e.usage.input_tokens} in / ${e.usage.output_tokens} out tokens`}
            {e.cost_usd !== undefined && (
              <>
                {' · '}
                <span data-testid="transcript-reply-cost">{formatUsd(e.cost_usd)}</span>
              </>
            )}
          </Title>
          {e.llm && <p className="note">{llmLine(e)}</p>}
          <LongText text={e.text} testId="transcript-reply" />
          {e.llm && e.llm.calls.length > 0 && <LlmCallsView calls={e.llm.calls} />}
        </>
      );
    case 'llm_retry':
      return (
        <p className="transcript-event-title" data-testid="transcript-llm-retry">
          <strong>HTTP retry {e.retry}</strong> after {e.error_kind}
          {e.status !== null && ` (HTTP ${e.status})`}: waiting {formatDuration(e.wait_ms)} · <span className="mono">{e.message}</span>
        </p>
      );
    case 'parse':
      return e.ok ? (
        <p className="transcript-event-title">Reply parsed (attempt {e.attempt})</p>
      ) : (
        <p className="transcript-event-title">
          <strong>Parse failed</strong> (attempt {e.attempt}): <span className="mono">{e.error ?? 'unknown problem'}</span>
        </p>
      );
    case 'retry':
      return (
        <p className="transcript-event-title">
          <strong>Retry {e.retry}</strong>: corrective message sent because <span className="mono">{e.problem}</span>
        </p>
      );
    case 'parse_failure':
      return (
        <p className="transcript-event-title">
          <strong>Parse failure</strong> after {e.attempts} attempts: <span className="mono">{e.problem}</span>
        </p>
      );
    case 'oracle_call':
      return <OracleCallView event={e} />;
    case 'action':
      return <ActionView event={e} />;
    case 'end':
      return (
        <p className="transcript-event-title" data-testid="transcript-end">
          <strong>Episode ended</strong>: <EndStatus status={e.status} budgetLimit={e.budget_limit} /> — {e.reason}
          {e.budget_limit && <span className="tag warning">budget: {e.budget_limit}</span>}
          {e.final && ` · final design: ${finalLabel(e.final)}`}
        </p>
      );
    case 'error':
      return (
        <>
          <p className="transcript-event-title">
            <strong>Error</strong>: <span className="mono">{e.message}</span>
          </p>
          {e.llm_calls && e.llm_calls.length > 0 && <LlmCallsView calls={e.llm_calls} />}
        </>
      );
  }
}

/** Provider metadata of an LLM reply: model version, finish reason, HTTP attempts. */
function llmLine(e: ReplyEvent): string {
  const m = e.llm;
  if (!m) return '';
  const attempts = m.calls.length === 1 ? '1 HTTP call' : `${m.calls.length} HTTP calls`;
  return `${m.provider} · ${m.model_version ?? m.model} · finish: ${m.finish_reason} · ${attempts}`;
}

/** 'step 3', or the harness state the episode ended on ('initial' design, P3 'trap'). */
function finalLabel(final: FinalRef): string {
  return final.source === 'step' ? `step ${final.step ?? '—'}` : `${final.source} state`;
}

function Title({ role, children }: { role: string; children: ReactNode }) {
  return (
    <p className="transcript-event-title">
      <span className={`role-label role-${role}`}>{role}</span> {children}
    </p>
  );
}

/** How the protocol read one agent turn; probe-specific fields only when present. */
function ActionView({ event: e }: { event: ActionEvent }) {
  const { design } = e;
  // [term, text, monospace]
  const facts: [string, string, boolean][] = [];
  if (e.reason !== null) facts.push(['agent’s reason', e.reason, false]);
  if (design !== null) facts.push(['design', DESIGN_VARIABLES.map((v) => `${v}=${formatNumber(design[v])}`).join(', '), true]);
  if (e.missing_fields && e.missing_fields.length > 0) facts.push(['missing fields', e.missing_fields.join(', '), true]);
  if (e.ranking) facts.push(['ranking', e.ranking.join(' ≻ '), true]);
  return (
    <>
      <p className="transcript-event-title">
        <strong>Action</strong> · step {e.step} · <span className="mono">{e.action ?? '(none)'}</span> ·{' '}
        {e.protocol_valid ? <span className="pass">protocol valid</span> : <span className="fail">protocol invalid</span>}
        {e.invalid_reason !== null && (
          <>
            : <span className="mono">{e.invalid_reason}</span>
          </>
        )}
        {' · '}
        {e.evaluated ? 'evaluated' : 'not evaluated'}
        {e.final_selection && ' · final selection'}
        {e.modified_candidates && ' · modified the candidates'}
      </p>
      {facts.length > 0 && (
        <dl className="facts transcript-facts">
          {facts.map(([term, value, mono]) => (
            <Fragment key={term}>
              <dt>{term}</dt>
              <dd className={mono ? 'mono' : undefined}>{value}</dd>
            </Fragment>
          ))}
        </dl>
      )}
    </>
  );
}

/** The recorded status as it is (the event log shows raw values), coloured as a problem only when it is one. */
function EndStatus({ status, budgetLimit }: { status: EndEvent['status']; budgetLimit: string | undefined }) {
  const view = episodeStatusView(status, budgetLimit);
  return (
    <span className={view.tone === 'bad' ? 'status fail' : 'status'} title={view.explanation} data-testid="transcript-end-status">
      {status}
    </span>
  );
}
