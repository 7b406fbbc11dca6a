/**
 * Anthropic Messages as the stand-in speaks it, with the checks the real API makes that an adapter
 * can get wrong: extra fields, empty text blocks, a tool_result that answers no tool_use of the
 * previous assistant turn, temperature set alongside thinking, and a browser call without
 * `anthropic-dangerous-direct-browser-access: true`.
 *
 * Extended thinking: with `thinking: {type: 'enabled'}` a reply opens with a thinking block that
 * carries a signature. Thinking blocks sent back must keep their signature (checked against the
 * text), and while thinking is on, the assistant turn answered by tool_result blocks must start
 * with its thinking block: a client that drops it gets the API's 400.
 */
import { z } from 'zod';
import type { BrainMessage } from './brain.ts';
import { describeIssues, headerValue, pieces, signature, type Dialect, type Frame, type ParsedChat, type ReplyToRender } from './dialect.ts';

const TextBlock = z.strictObject({ type: z.literal('text'), text: z.string().min(1, 'text content blocks must be non-empty') });
const Block = z.discriminatedUnion('type', [
  TextBlock,
  z.strictObject({ type: z.literal('tool_use'), id: z.string(), name: z.string(), input: z.record(z.string(), z.unknown()) }),
  z.strictObject({ type: z.literal('tool_result'), tool_use_id: z.string(), content: z.union([z.string(), z.array(TextBlock)]), is_error: z.boolean().optional() }),
  z.strictObject({ type: z.literal('thinking'), thinking: z.string(), signature: z.string() }),
  z.strictObject({ type: z.literal('redacted_thinking'), data: z.string().min(1) }),
]);

const thinkingSignature = (thinking: string): string => signature(`anthropic-thinking|${thinking}`);

const Request = z.strictObject({
  model: z.string().min(1),
  max_tokens: z.number().int().min(1),
  system: z.union([z.string(), z.array(TextBlock)]).optional(),
  messages: z.array(z.strictObject({ role: z.enum(['user', 'assistant']), content: z.union([z.string(), z.array(Block).min(1)]) })).min(1),
  tools: z.array(z.strictObject({ name: z.string().regex(/^[\w-]{1,64}$/), description: z.string().optional(), input_schema: z.record(z.string(), z.unknown()) })).optional(),
  tool_choice: z.unknown().optional(),
  temperature: z.number().min(0).max(1).optional(),
  top_p: z.number().optional(),
  top_k: z.number().int().optional(),
  stop_sequences: z.array(z.string()).optional(),
  thinking: z.union([z.strictObject({ type: z.literal('enabled'), budget_tokens: z.number().int().min(1024) }), z.strictObject({ type: z.literal('disabled') })]).optional(),
  metadata: z.unknown().optional(),
  stream: z.boolean().optional(),
});
type Req = z.infer<typeof Request>;

/**
 * With thinking on, the API wants the assistant turn that the last tool results answer (the final
 * assistant message, when the last user message holds tool_result blocks) to open with its thinking.
 */
function missingThinking(req: Req): string | null {
  if (req.thinking?.type !== 'enabled') return null;
  const n = req.messages.length;
  const last = req.messages[n - 1];
  const assistant = req.messages[n - 2];
  if (!last || last.role !== 'user' || typeof last.content === 'string' || !last.content.some((b) => b.type === 'tool_result')) return null;
  if (!assistant || assistant.role !== 'assistant') return null;
  const first = typeof assistant.content === 'string' ? { type: 'text' } : assistant.content[0];
  if (first?.type === 'thinking' || first?.type === 'redacted_thinking') return null;
  return `messages.${n - 2}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${first?.type ?? 'nothing'}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block (preceeding the lastmost set of \`tool_use\` and \`tool_result\` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable \`thinking\`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking`;
}

function normalise(req: Req): BrainMessage[] | { error: string } {
  const out: BrainMessage[] = [];
  if (req.system !== undefined) out.push({ role: 'system', content: typeof req.system === 'string' ? req.system : req.system.map((b) => b.text).join('\n') });
  let previousToolUses = new Set<string>();
  for (const [i, m] of req.messages.entries()) {
    if (i === 0 && m.role !== 'user') return { error: 'messages: the first message must use the "user" role' };
    const blocks = typeof m.content === 'string' ? [{ type: 'text' as const, text: m.content }] : m.content;
    if (m.role === 'assistant') {
      for (const [j, b] of blocks.entries()) {
        if (b.type === 'thinking' && b.signature !== thinkingSignature(b.thinking)) return { error: `messages.${i}.content.${j}: Invalid \`signature\` in \`thinking\` block` };
      }
      const text = blocks.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
      const calls = blocks.flatMap((b) => (b.type === 'tool_use' ? [{ id: b.id, name: b.name, arguments: b.input }] : []));
      previousToolUses = new Set(calls.map((c) => c.id));
      out.push({ role: 'assistant', content: text, tool_calls: calls });
      continue;
    }
    for (const [j, b] of blocks.entries()) {
      if (b.type === 'tool_result') {
        if (!previousToolUses.has(b.tool_use_id)) {
          return { error: `messages.${i}.content.${j}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${b.tool_use_id}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.` };
        }
        out.push({ role: 'tool', tool_call_id: b.tool_use_id, content: typeof b.content === 'string' ? b.content : b.content.map((t) => t.text).join('') });
      } else if (b.type === 'text') {
        out.push({ role: 'user', content: b.text });
      } else {
        return { error: `messages.${i}.content.${j}: ${b.type} blocks are only allowed in assistant messages` };
      }
    }
    previousToolUses = new Set();
  }
  return out;
}

function parseChat(body: unknown): ParsedChat | { error: string } {
  const r = Request.safeParse(body);
  if (!r.success) return { error: describeIssues(r.error.issues) };
  const req = r.data;
  if (req.thinking?.type === 'enabled') {
    if (req.temperature !== undefined && req.temperature !== 1) return { error: '`temperature` may only be set to 1 when thinking is enabled.' };
    if (req.thinking.budget_tokens >= req.max_tokens) return { error: '`max_tokens` must be greater than `thinking.budget_tokens`.' };
  }
  const messages = normalise(req);
  if (!Array.isArray(messages)) return messages;
  const missing = missingThinking(req);
  if (missing !== null) return { error: missing };
  const thinking = req.thinking?.type === 'enabled';
  // The thinking budget is part of max_tokens; the answer gets the rest.
  const maxTokens = req.thinking?.type === 'enabled' ? req.max_tokens - req.thinking.budget_tokens : req.max_tokens;
  return { model: req.model, messages, tools: (req.tools ?? []).map((t) => t.name), stream: req.stream === true, maxTokens, streamUsage: true, thinking };
}

const stopOf = (r: ReplyToRender): string => (r.finish === 'length' ? 'max_tokens' : (r.reply.tool_calls?.length ?? 0) > 0 ? 'tool_use' : 'end_turn');

/** Anthropic reports uncached input apart from cache reads. */
function usageJson(r: ReplyToRender, outputTokens: number): Record<string, unknown> {
  return {
    input_tokens: r.usage.input_tokens - r.usage.cached_input_tokens,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: r.usage.cached_input_tokens,
    output_tokens: outputTokens,
  };
}

function contentBlocks(r: ReplyToRender): Record<string, unknown>[] {
  return [
    ...(r.thinking !== null ? [{ type: 'thinking', thinking: r.thinking, signature: thinkingSignature(r.thinking) }] : []),
    ...(r.reply.text ? [{ type: 'text', text: r.reply.text }] : []),
    ...(r.reply.tool_calls ?? []).map((c) => ({ type: 'tool_use', id: `toolu_${r.nextId()}`, name: c.name, input: c.arguments })),
  ];
}

const ERROR_TYPES = {
  missing_key: 'authentication_error',
  invalid_key: 'authentication_error',
  browser_header: 'authentication_error',
  not_found: 'not_found_error',
  rate_limit: 'rate_limit_error',
  server: 'api_error',
  bad_request: 'invalid_request_error',
} as const;

export const anthropicDialect: Dialect = {
  provider: 'anthropic',
  eol: '\n',
  checkAuth({ headers }, key) {
    // The real API refuses a browser (Origin-bearing) call that did not opt in, whatever the key.
    if (headerValue(headers, 'origin') !== undefined && headerValue(headers, 'anthropic-dangerous-direct-browser-access') !== 'true') {
      return { status: 401, kind: 'browser_header', message: "CORS requests must set 'anthropic-dangerous-direct-browser-access' header" };
    }
    if (headerValue(headers, 'anthropic-version') === undefined) return { status: 400, kind: 'bad_request', message: 'anthropic-version: header is required' };
    if (key === null) return null;
    const given = headerValue(headers, 'x-api-key');
    if (given === undefined) return { status: 401, kind: 'missing_key', message: 'x-api-key header is required' };
    if (given !== key) return { status: 401, kind: 'invalid_key', message: 'invalid x-api-key' };
    return null;
  },
  parseChat: (body) => parseChat(body),
  chatJson: (r) => ({
    id: `msg_${r.nextId()}`,
    type: 'message',
    role: 'assistant',
    model: r.version,
    content: contentBlocks(r),
    stop_reason: stopOf(r),
    stop_sequence: null,
    usage: usageJson(r, r.usage.output_tokens),
  }),
  chatFrames(r) {
    const frame = (data: Record<string, unknown>): Frame => ({ event: String(data.type), data: JSON.stringify(data) });
    const frames: Frame[] = [
      frame({ type: 'message_start', message: { id: `msg_${r.nextId()}`, type: 'message', role: 'assistant', model: r.version, content: [], stop_reason: null, stop_sequence: null, usage: usageJson(r, 1) } }),
      frame({ type: 'ping' }),
    ];
    contentBlocks(r).forEach((block, index) => {
      if (block.type === 'text') {
        frames.push(frame({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } }));
        for (const p of pieces(String(block.text), 7)) frames.push(frame({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: p } }));
      } else if (block.type === 'thinking') {
        // As the API streams it: the text in thinking_delta events, then the signature in one signature_delta.
        frames.push(frame({ type: 'content_block_start', index, content_block: { type: 'thinking', thinking: '', signature: '' } }));
        for (const p of pieces(String(block.thinking), 11)) frames.push(frame({ type: 'content_block_delta', index, delta: { type: 'thinking_delta', thinking: p } }));
        frames.push(frame({ type: 'content_block_delta', index, delta: { type: 'signature_delta', signature: block.signature } }));
      } else {
        frames.push(frame({ type: 'content_block_start', index, content_block: { ...block, input: {} } }));
        for (const p of pieces(JSON.stringify(block.input), 9)) frames.push(frame({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: p } }));
      }
      frames.push(frame({ type: 'content_block_stop', index }));
    });
    frames.push(frame({ type: 'message_delta', delta: { stop_reason: stopOf(r), stop_sequence: null }, usage: { output_tokens: r.usage.output_tokens } }));
    frames.push(frame({ type: 'message_stop' }));
    return frames;
  },
  modelList: (models) => ({
    data: models.map((id) => ({ type: 'model', id, display_name: id, created_at: '2026-01-01T00:00:00Z' })),
    has_more: false,
    first_id: models[0] ?? null,
    last_id: models[models.length - 1] ?? null,
  }),
  errorBody: (refusal) => ({ type: 'error', error: { type: ERROR_TYPES[refusal.kind], message: refusal.message } }),
  unknownModel: (model) => ({ status: 404, kind: 'not_found', message: `model: ${model}` }),
};
