import { describeTemperature, type ManifestCore, type ManifestModel } from '../../core/run/manifest-core.ts';
import { formatTokens } from './cost-format.ts';
import { formatUsd } from '../../core/run/usage.ts';

/** The run manifest's model block and usage (LLM runs): what was called, how, and what it cost. */
export function ModelRunSummary({ manifest }: { manifest: ManifestCore }) {
  // Every suite's manifest holds the one model block (ManifestModelSchema), validated with the suite's schema.
  const m = manifest.model as ManifestModel | undefined;
  if (!m) return null;
  const u = manifest.usage;
  return (
    <section className="panel" aria-labelledby="model-run-heading" data-testid="model-run-summary">
      <h2 id="model-run-heading">Model run</h2>
      <dl className="facts">
        <dt>provider · endpoint</dt>
        <dd className="mono">
          {m.provider} · {m.endpoint}
        </dd>
        <dt>model</dt>
        <dd className="mono" data-testid="manifest-model">
          {m.model}
          {m.model_versions.length > 0 && ` (reported: ${m.model_versions.join(', ')})`}
        </dd>
        <dt>decoding</dt>
        <dd>
          temperature {describeTemperature(m.temperature)} · max {m.max_output_tokens} output tokens · reasoning {m.reasoning_effort ?? 'provider default'} · {m.stream ? 'streamed' : 'not streamed'}
          {m.extra_header_names.length > 0 && ` · extra headers: ${m.extra_header_names.join(', ')}`}
        </dd>
        <dt>HTTP retries</dt>
        <dd>
          up to {m.retry_policy.max_retries} per request, backoff from {m.retry_policy.base_delay_ms} ms to {m.retry_policy.max_delay_ms} ms
          {m.retry_policy.respect_retry_after ? ', honouring retry-after' : ''}
        </dd>
        <dt>budgets per task</dt>
        <dd>{m.budget_text}</dd>
        <dt>system prompts (SHA-256)</dt>
        <dd className="mono">
          {Object.entries(m.system_prompt_sha256)
            .map(([probe, hash]) => `${probe} ${hash.slice(0, 16)}…`)
            .join(' · ') || '—'}
        </dd>
        {u && (
          <>
            <dt>usage</dt>
            <dd>
              {u.replies} replies in {u.http_calls} HTTP calls · {formatTokens(u.input_tokens)} input / {formatTokens(u.output_tokens)} output tokens
              {u.replies_without_usage > 0 && ` · ${u.replies_without_usage} replies reported no usage`}
            </dd>
            <dt>cost</dt>
            <dd>
              <strong data-testid="run-cost">{formatUsd(u.cost_usd)}</strong>
              {u.cost_usd === null && u.priced_cost_usd > 0 && ` (${formatUsd(u.priced_cost_usd)} for the priced replies; ${u.unknown_price_replies} unpriced)`}
            </dd>
          </>
        )}
      </dl>
      {manifest.warnings && manifest.warnings.length > 0 && (
        <ul className="note" data-testid="manifest-warnings">
          {manifest.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
