/**
 * A scripted stand-in for a model endpoint, so built-in agents go through exactly the tool loop an
 * LLM does (src/core/llm/tool-loop.ts): each request's reply is the script's next step, computed
 * from the tool results the loop sent back so far. No HTTP, no tokens, no cost.
 */
import type { Agent, EpisodeContext } from '../agent/types.ts';
import { DEFAULT_RETRY_POLICY, ModelSettingsSchema } from './settings.ts';
import type { ToolModel } from './tool-loop.ts';
import type { LlmClient, LlmRequest, LlmResponse } from './types.ts';
import type { PriceTable } from './prices.ts';

const BUILTIN_URL = 'http://builtin.invalid';
/** Scripted replies report no usage, so no price applies (their cost is recorded as unknown, never guessed). */
const NO_PRICES: PriceTable = { schema_version: 1, currency: 'USD', unit: 'per 1M tokens', note: 'built-in scripted agents', models: [] };

/** One scripted turn: tool calls to make (none ends the episode) and the text beside them. */
export interface ScriptStep {
  readonly text?: string;
  readonly calls: readonly { readonly name: string; readonly arguments: unknown }[];
}

/** The tool results the loop returned, in order: parsed {result} or {error} objects. */
export interface ToolReply {
  readonly name: string;
  readonly result?: unknown;
  readonly error?: string;
}

export type Script = (turn: number, replies: readonly ToolReply[]) => ScriptStep;

function toolReplies(request: LlmRequest): ToolReply[] {
  const out: ToolReply[] = [];
  for (const m of request.messages) {
    if (m.role !== 'tool') continue;
    const parsed = JSON.parse(m.content) as { result?: unknown; error?: string };
    out.push({ name: m.name, ...parsed });
  }
  return out;
}

export function scriptedClient(script: Script): LlmClient {
  let calls = 0;
  return {
    provider: 'openai',
    baseUrl: BUILTIN_URL,
    chat(request: LlmRequest): Promise<LlmResponse> {
      const turn = request.messages.filter((m) => m.role === 'assistant').length;
      const step = script(turn, toolReplies(request));
      const tool_calls = step.calls.map((c) => ({ id: `call_${++calls}`, name: c.name, arguments_text: JSON.stringify(c.arguments), arguments: c.arguments }));
      return Promise.resolve({
        text: step.text ?? '',
        tool_calls,
        usage: null,
        finish_reason: tool_calls.length > 0 ? 'tool_calls' : 'stop',
        model_version: null,
        log: { url: BUILTIN_URL, status: 200, request_body: null, response_body: null, duration_ms: 0 },
      });
    },
    listModels: () => Promise.resolve([]),
  };
}

/**
 * A built-in agent that plays `scriptFor(task, ctx)` through the tool loop; `parseTask` validates
 * the suite's task (the generic layer knows no suite). The episode's seeded RNG is in `ctx` for
 * agents that draw (a random search).
 */
export function scriptedToolAgent<Task>(d: { id: string; label: string; description: string; privileged: boolean }, parseTask: (raw: unknown) => Task, scriptFor: (task: Task, ctx: EpisodeContext) => Script): Agent {
  const settings = ModelSettingsSchema.parse({ provider: 'openai', base_url: BUILTIN_URL, model: d.id, stream: false });
  return {
    ...d,
    start() {
      return { respond: () => Promise.reject(new Error(`${d.id} is a tool-use agent: it runs in tool-use suites only`)) };
    },
    toolModel(ctx: EpisodeContext): ToolModel {
      const task = parseTask(ctx.task);
      return { client: scriptedClient(scriptFor(task, ctx)), settings, retry: { ...DEFAULT_RETRY_POLICY, max_retries: 0 }, sleep: () => Promise.resolve(), prices: NO_PRICES };
    },
  };
}
