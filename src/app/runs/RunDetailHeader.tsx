import { Fragment, type ReactNode } from 'react';
import type { StoredRun } from '../../core/store/run-store.ts';
import { formatUsd } from '../../core/run/usage.ts';

/** The run's identity and settings: the stored summary, and the manifest once the run has one. */
export function RunDetailHeader({ run }: { run: StoredRun }) {
  const { summary: s, manifest: m } = run;
  const facts: [string, ReactNode][] = [
    ['agent', <>{s.label} <span className="mono">({s.agent_id})</span>{m?.agent.privileged && <span className="tag warning">reads the hidden reference</span>}</>],
    ['status', <strong className={`status status-${s.status}`} data-testid="rd-status">{s.status}</strong>],
    ['tasks', <span data-testid="rd-done">{s.done_count} of {s.task_count} finished</span>],
    ['source', s.source === 'imported' ? `imported from ${s.imported_from ?? 'a file'}${s.imported_at ? ` on ${s.imported_at}` : ''}` : 'run in this browser'],
    ['started', <span className="mono">{s.started_at}</span>],
    ['finished', <span className="mono">{s.finished_at ?? '—'}</span>],
    ['seed', <span className="mono">{s.seed}</span>],
  ];
  if (s.model) facts.push(['model', <span className="mono">{m?.model ? `${m.model.provider} · ${m.model.model}` : s.model}</span>]);
  if (m) {
    const filters = Object.entries(m.task_filter).map(([k, v]) => `${k}=${v}`).join(', ');
    facts.push(
      ['task filter', <span className="mono">{filters || 'whole suite'}</span>],
      ['suite', <span className="mono">{m.suite}</span>],
      // Suite-specific settings the manifest records (VEH: query-budget rule, P3 variant, controls), read by name.
      ...suiteSettings(m),
      ['oracle', <span className="mono">{m.oracle_backend}</span>],
      ['max retries', String(m.max_retries)],
    );
    if (m.usage) facts.push(['tokens, cost', `${m.usage.input_tokens} in / ${m.usage.output_tokens} out · ${formatUsd(m.usage.cost_usd)}`]);
  }
  facts.push(
    ['run id', <span className="mono">{s.run_id}</span>],
    ['bank', <span className="mono" title={s.bank_hash}>{s.bank_hash.slice(0, 16)}…</span>],
    ['app version', <span className="mono">{s.app_version}</span>],
    ['verification', s.verification ? <span className={s.verification.outcome === 'verified' ? 'pass' : 'fail'}>{s.verification.summary}</span> : 'not checked yet'],
  );
  return (
    <section className="panel" aria-label="Run facts" data-testid="rd-facts">
      <dl className="facts rd-facts">
        {facts.map(([term, value]) => (
          <Fragment key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
      {s.error && <p className="fail">{s.error}</p>}
      {m?.warnings && m.warnings.length > 0 && (
        <ul className="note">
          {m.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Manifest fields some suites record beyond the core ones, shown when present and plain text. */
const SUITE_SETTINGS: readonly [string, string][] = [
  ['query_budget_rule_text', 'query budget'],
  ['p3_variant', 'P3 variant'],
  ['control', 'prompt control'],
  ['subset', 'subset'],
  ['sg_form', 'SG form'],
];

function suiteSettings(m: Record<string, unknown>): [string, ReactNode][] {
  return SUITE_SETTINGS.flatMap(([key, label]) => {
    const v = Object.hasOwn(m, key) ? m[key] : undefined;
    return typeof v === 'string' ? [[label, <span className="mono">{v}</span>] as [string, ReactNode]] : [];
  });
}
