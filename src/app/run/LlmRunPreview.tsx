import { useMemo } from 'react';
import { describeBudget } from '../../core/llm/budget.ts';
import { projectRunCost } from '../../core/veh/projection.ts';
import { safeEndpoint } from '../../core/llm/settings.ts';
import type { P3Variant } from '../../core/veh/protocol/prompts.ts';
import type { VehTask } from '../../core/veh/task-schema.ts';
import { routeHref } from '../routing/route.ts';
import { priceTableFor } from '../settings/model-prices.ts';
import type { StoredModelConfig } from '../settings/stored-settings.ts';
import { formatTokens } from './cost-format.ts';
import { formatUsd } from '../../core/run/usage.ts';

interface LlmRunPreviewProps {
  config: StoredModelConfig;
  tasks: readonly VehTask[];
  p3Variant: P3Variant;
  /** Whether a key is held for this endpoint (in memory or remembered). */
  hasKey: boolean;
}

/** Before an LLM run: where it goes, the budgets, and what it is projected to cost. */
export function LlmRunPreview({ config, tasks, p3Variant, hasKey }: LlmRunPreviewProps) {
  const projection = useMemo(() => projectRunCost(tasks, config.settings, priceTableFor(config), { p3Variant }), [tasks, config, p3Variant]);
  const s = config.settings;
  return (
    <section className="panel llm-preview" aria-labelledby="llm-preview-heading" data-testid="llm-preview">
      <h2 id="llm-preview-heading">Your model</h2>
      <dl className="facts">
        <dt>endpoint</dt>
        <dd className="mono">
          {s.provider} · {safeEndpoint(s.base_url)}
        </dd>
        <dt>model</dt>
        <dd className="mono">{s.model}</dd>
        <dt>decoding</dt>
        <dd>
          temperature {s.temperature} · max {s.max_output_tokens} output tokens{s.reasoning_effort ? ` · reasoning ${s.reasoning_effort}` : ''} · {s.stream ? 'streaming' : 'not streaming'}
        </dd>
        <dt>key</dt>
        <dd data-testid="llm-key-status">{hasKey ? 'entered (kept in memory, sent only to this endpoint)' : 'none entered'}</dd>
        <dt>budgets per task</dt>
        <dd data-testid="llm-budget">{describeBudget(config.budget)}</dd>
        <dt>projected cost</dt>
        <dd>
          <strong data-testid="projected-cost">{formatUsd(projection.cost_usd)}</strong> for {tasks.length} tasks (about {formatTokens(projection.input_tokens)} input and{' '}
          {formatTokens(projection.output_tokens)} output tokens in {formatTokens(projection.turns)} requests); at most{' '}
          <span data-testid="projected-cost-upper">{formatUsd(projection.upper.cost_usd)}</span> if every reply used all {s.max_output_tokens} output tokens.
        </dd>
      </dl>
      <details>
        <summary>How the projection is made</summary>
        <ul className="note">
          {projection.assumptions.map((a) => (
            <li key={a}>{a}</li>
          ))}
        </ul>
      </details>
      <p className="note">
        <a href={routeHref({ name: 'settings', query: new URLSearchParams() })}>Change the model settings</a>
      </p>
    </section>
  );
}
