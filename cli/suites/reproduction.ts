/**
 * The paper-reproduction suite's CLI flags, on top of the facet --solver:
 *  --only <task id prefixes>  (comma-separated), as the design suite's
 *  --strict                   exit 1 unless every task is Full (score strictly above 0.9)
 *  --judge-provider P --judge-model M [--judge-base-url URL]
 *                             the endpoint that judges the rubric's interpretive leaves (its key from
 *                             the provider's usual variable, e.g. OPENAI_API_KEY); without it those
 *                             leaves are reported as not judged, with the coverage
 */
import { createLlmClient } from '../../src/adapters/llm/index.ts';
import { createNodeReproductionEnv } from '../../src/adapters/node/reproduction-env.ts';
import type { JudgeTransport } from '../../src/core/reproduction/judge.ts';
import type { ReproductionRunOptions } from '../../src/core/reproduction/episode.ts';
import type { ReproductionBankTask } from '../../src/core/reproduction/task-schema.ts';
import { ProviderIdSchema } from '../../src/core/llm/types.ts';
import { UsageError } from '../args.ts';
import { DEFAULT_BASE_URLS, DEFAULT_REQUEST_TIMEOUT_S, resolveApiKey, withRequestTimeout } from '../commands/run-llm.ts';
import { parseOnly, selectOnly } from './photonics-agent.ts';
import type { CliSuitePlugin, FlagValues, PluginContext } from './types.ts';

/** The judge's endpoint from the flags, or null when none is asked for; throws UsageError naming the problem. */
function judgeSettings(values: FlagValues) {
  const provider = values['judge-provider'];
  const model = values['judge-model'];
  const baseUrl = values['judge-base-url'];
  if (provider === undefined && model === undefined && baseUrl === undefined) return null;
  const p = ProviderIdSchema.safeParse(provider);
  if (!p.success) throw new UsageError(`--judge-provider must be one of ${ProviderIdSchema.options.join(', ')} (given ${JSON.stringify(String(provider ?? '')).slice(0, 60)})`);
  if (typeof model !== 'string' || model.trim() === '') throw new UsageError('--judge-model is required with --judge-provider');
  const base_url = typeof baseUrl === 'string' ? baseUrl : DEFAULT_BASE_URLS[p.data];
  try {
    new URL(base_url);
  } catch {
    throw new UsageError(`--judge-base-url is not a URL: ${JSON.stringify(base_url.slice(0, 80))}`);
  }
  return { provider: p.data, model: model.trim(), base_url };
}

function judgeTransport(values: FlagValues, ctx: PluginContext): JudgeTransport | null {
  const s = judgeSettings(values);
  if (!s) return null;
  const client = createLlmClient({ provider: s.provider, baseUrl: s.base_url, apiKey: resolveApiKey(s, ctx.env), fetch: withRequestTimeout(ctx.fetch, DEFAULT_REQUEST_TIMEOUT_S * 1000), clock: ctx.clock });
  return { provider: s.provider, model: s.model, chat: (request, options) => client.chat(request, options) };
}

export const reproductionCli: CliSuitePlugin<ReproductionBankTask, ReproductionRunOptions> = {
  flags: { only: { type: 'string' }, strict: { type: 'boolean' }, 'judge-provider': { type: 'string' }, 'judge-model': { type: 'string' }, 'judge-base-url': { type: 'string' } },
  usage: ['[--only <task id prefixes, comma-separated>] [--solver circuit|eme|mode|scattering|…] [--strict] [--judge-provider openai|anthropic|gemini --judge-model ID [--judge-base-url URL]]'],
  check(values) {
    parseOnly(values.only);
    judgeSettings(values);
  },
  select: ({ values, filtered }) => selectOnly(values, filtered),
  async environment(values, ctx) {
    const judge = judgeTransport(values, ctx);
    if (!judge) return null;
    const env = await createNodeReproductionEnv();
    return { ...env, judge };
  },
  verdict(values, rows) {
    if (values.strict !== true) return null;
    const partial = (rows as readonly { task_id: string; full: boolean }[]).filter((r) => !r.full);
    return partial.length === 0 ? null : `--strict: ${partial.length} of ${rows.length} tasks are not Full (${partial.slice(0, 5).map((r) => r.task_id).join(', ')}${partial.length > 5 ? ', …' : ''})`;
  },
};
