/** OpenAI chat completions as the stand-in speaks it (strict about unknown fields, as OpenAI is). */
import { z } from 'zod';
import type { BrainMessage } from './brain.ts';
import { describeIssues, headerValue, pieces, type Dialect, type Frame, type ParsedChat, type ReplyToRender } from './dialect.ts';

const FunctionCall = z.strictObject({ id: z.string(), type: z.literal('function'), function: z.strictObject({ name: z.string(), arguments: z.string() }) });

const Message = z.discriminatedUnion('role', [
  z.strictObject({ role: z.enum(['system', 'developer']), content: z.string(), name: z.string().optional() }),
  z.strictObject({
    role: z.literal('user'),
    content: z.union([z.string(), z.array(z.strictObject({ type: z.literal('text'), text: z.string() }))]),
    name: z.string().optional(),
  }),
  z.strictObject({
    role: z.literal('assistant'),
    content: z.string().nullable().optional(),
    tool_calls: z.array(FunctionCall).min(1).optional(),
    refusal: z.string().nullable().optional(),
    name: z.string().optional(),
  }),
  z.strictObject({ role: z.literal('tool'), tool_call_id: z.string(), content: z.string() }),
]);

const Request = z.strictObject({
  model: z.string().min(1),
  messages: z.array(Message).min(1),
  tools: z
    .array(
      z.strictObject({
        type: z.literal('function'),
        function: z.strictObject({ name: z.string().regex(/^[\w-]{1,64}$/), description: z.string().optional(), parameters: z.record(z.string(), z.unknown()).optional(), strict: z.boolean().optional() }),
      }),
    )
    .optional(),
  tool_choice: z.unknown().optional(),
  temperature: z.number().min(0).max(2).optional(),
  top_p: z.number().optional(),
  max_tokens: z.number().int().positive().optional(),
  max_completion_tokens: z.number().int().positive().optional(),
  reasoning_effort: z.enum(['none', 'minimal', 'low', 'medium', 'high']).optional(),
  stream: z.boolean().optional(),
  stream_options: z.strictObject({ include_usage: z.boolean() }).optional(),
  seed: z.number().int().optional(),
  stop: z.union([z.string(), z.array(z.string())]).optional(),
  user: z.string().optional(),
});

function parseArgs(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function parseChat(body: unknown): ParsedChat | { error: string } {
  const r = Request.safeParse(body);
  if (!r.success) return { error: `Invalid request: ${describeIssues(r.error.issues)}` };
  const req = r.data;
  const messages: BrainMessage[] = [];
  const knownCalls = new Set<string>();
  for (const [i, m] of req.messages.entries()) {
    switch (m.role) {
      case 'system':
      case 'developer':
        messages.push({ role: 'system', content: m.content });
        break;
      case 'user':
        messages.push({ role: 'user', content: typeof m.content === 'string' ? m.content : m.content.map((p) => p.text).join('') });
        break;
      case 'assistant':
        for (const c of m.tool_calls ?? []) knownCalls.add(c.id);
        messages.push({ role: 'assistant', content: m.content ?? '', tool_calls: (m.tool_calls ?? []).map((c) => ({ id: c.id, name: c.function.name, arguments: parseArgs(c.function.arguments) })) });
        break;
      case 'tool':
        // OpenAI's own check: a tool message must answer a call of an earlier assistant message.
        if (!knownCalls.has(m.tool_call_id)) return { error: `Invalid parameter: messages[${i}] with role 'tool' must be a response to a preceeding message with 'tool_calls' (${m.tool_call_id}).` };
        messages.push({ role: 'tool', content: m.content, tool_call_id: m.tool_call_id });
        break;
    }
  }
  return {
    model: req.model,
    messages,
    tools: (req.tools ?? []).map((t) => t.function.name),
    stream: req.stream === true,
    maxTokens: req.max_completion_tokens ?? req.max_tokens ?? 4096,
    streamUsage: req.stream_options?.include_usage === true,
  };
}

function usageJson(r: ReplyToRender): Record<string, unknown> {
  const u = r.usage;
  return {
    prompt_tokens: u.input_tokens,
    completion_tokens: u.output_tokens,
    total_tokens: u.input_tokens + u.output_tokens,
    prompt_tokens_details: { cached_tokens: u.cached_input_tokens },
    completion_tokens_details: { reasoning_tokens: u.reasoning_tokens },
  };
}

const finishOf = (r: ReplyToRender): string => (r.finish === 'length' ? 'length' : (r.reply.tool_calls?.length ?? 0) > 0 ? 'tool_calls' : 'stop');

export const openAiDialect: Dialect = {
  provider: 'openai',
  eol: '\n',
  checkAuth({ headers }, key) {
    if (key === null) return null;
    const auth = headerValue(headers, 'authorization');
    if (auth === undefined) return { status: 401, kind: 'missing_key', message: "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth." };
    if (auth !== `Bearer ${key}`) return { status: 401, kind: 'invalid_key', message: 'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.' };
    return null;
  },
  parseChat: (body) => parseChat(body),
  chatJson(r) {
    const calls = (r.reply.tool_calls ?? []).map((c) => ({ id: r.nextId(), type: 'function', function: { name: c.name, arguments: JSON.stringify(c.arguments) } }));
    return {
      id: `chatcmpl-${r.nextId()}`,
      object: 'chat.completion',
      created: 1767225600,
      model: r.version,
      choices: [{ index: 0, message: { role: 'assistant', content: r.reply.text ?? null, ...(calls.length > 0 ? { tool_calls: calls } : {}), refusal: null }, logprobs: null, finish_reason: finishOf(r) }],
      usage: usageJson(r),
      system_fingerprint: 'fp_standin',
    };
  },
  chatFrames(r, parsed) {
    const id = `chatcmpl-${r.nextId()}`;
    const chunk = (delta: Record<string, unknown>, finish: string | null = null): Frame => ({
      data: JSON.stringify({ id, object: 'chat.completion.chunk', created: 1767225600, model: r.version, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }], ...(parsed.streamUsage ? { usage: null } : {}) }),
    });
    const frames: Frame[] = [chunk({ role: 'assistant', content: '' })];
    for (const p of pieces(r.reply.text ?? '', 7)) frames.push(chunk({ content: p }));
    (r.reply.tool_calls ?? []).forEach((c, index) => {
      frames.push(chunk({ tool_calls: [{ index, id: r.nextId(), type: 'function', function: { name: c.name, arguments: '' } }] }));
      for (const p of pieces(JSON.stringify(c.arguments), 9)) frames.push(chunk({ tool_calls: [{ index, function: { arguments: p } }] }));
    });
    frames.push(chunk({}, finishOf(r)));
    if (parsed.streamUsage) frames.push({ data: JSON.stringify({ id, object: 'chat.completion.chunk', created: 1767225600, model: r.version, choices: [], usage: usageJson(r) }) });
    frames.push({ data: '[DONE]' });
    return frames;
  },
  modelList: (models) => ({ object: 'list', data: models.map((id) => ({ id, object: 'model', created: 1767225600, owned_by: 'standin' })) }),
  errorBody(refusal) {
    const type = refusal.kind === 'rate_limit' ? 'rate_limit_exceeded' : refusal.kind === 'server' ? 'server_error' : 'invalid_request_error';
    const code = refusal.kind === 'invalid_key' ? 'invalid_api_key' : refusal.kind === 'not_found' ? 'model_not_found' : refusal.kind === 'rate_limit' ? 'rate_limit_exceeded' : null;
    return { error: { message: refusal.message, type, param: null, code } };
  },
  unknownModel: (model) => ({ status: 404, kind: 'not_found', message: `The model \`${model}\` does not exist or you do not have access to it.` }),
};
