/**
 * Gemini's native generateContent as the stand-in speaks it. Like the real API it rejects
 * unknown fields everywhere, including JSON Schema keywords outside its OpenAPI subset inside
 * function declarations (`$schema`, `additionalProperties`, …): what the adapter must strip.
 * Its SSE uses CRLF line endings, and a bad key is a 400 API_KEY_INVALID, not a 401.
 *
 * Thinking (a non-zero `thinkingConfig.thinkingBudget`): the first functionCall part of a reply
 * carries a `thoughtSignature` (a reply without calls has one on its last text part). Signatures
 * sent back are checked against what they were given for, and while thinking is on, every model
 * turn since the last user text must keep the signature on its first functionCall part, or the
 * request is refused with the API's 400.
 */
import { z } from 'zod';
import type { BrainMessage } from './brain.ts';
import { canonicalJson, describeIssues, headerValue, pieces, signature, type Dialect, type Frame, type ParsedChat, type ReplyToRender } from './dialect.ts';

interface SchemaNode {
  type?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
}
const Schema: z.ZodType<SchemaNode> = z.lazy(() =>
  z.strictObject({
    type: z.enum(['string', 'number', 'integer', 'boolean', 'array', 'object', 'STRING', 'NUMBER', 'INTEGER', 'BOOLEAN', 'ARRAY', 'OBJECT']).optional(),
    format: z.string().optional(),
    title: z.string().optional(),
    description: z.string().optional(),
    nullable: z.boolean().optional(),
    enum: z.array(z.string()).optional(),
    properties: z.record(z.string(), Schema).optional(),
    required: z.array(z.string()).optional(),
    propertyOrdering: z.array(z.string()).optional(),
    items: Schema.optional(),
    anyOf: z.array(Schema).optional(),
    minItems: z.number().optional(),
    maxItems: z.number().optional(),
    minProperties: z.number().optional(),
    maxProperties: z.number().optional(),
    minLength: z.number().optional(),
    maxLength: z.number().optional(),
    pattern: z.string().optional(),
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    default: z.unknown().optional(),
    example: z.unknown().optional(),
  }),
);

const Part = z.strictObject({
  text: z.string().optional(),
  thought: z.boolean().optional(),
  thoughtSignature: z.string().optional(),
  functionCall: z.strictObject({ id: z.string().optional(), name: z.string(), args: z.record(z.string(), z.unknown()).optional() }).optional(),
  functionResponse: z.strictObject({ id: z.string().optional(), name: z.string(), response: z.record(z.string(), z.unknown()) }).optional(),
});

const Request = z.strictObject({
  contents: z.array(z.strictObject({ role: z.enum(['user', 'model']).optional(), parts: z.array(Part).min(1) })).min(1),
  systemInstruction: z.strictObject({ role: z.string().optional(), parts: z.array(z.strictObject({ text: z.string() })).min(1) }).optional(),
  tools: z.array(z.strictObject({ functionDeclarations: z.array(z.strictObject({ name: z.string().regex(/^[A-Za-z_][\w.:-]{0,63}$/), description: z.string().optional(), parameters: Schema.optional() })) })).optional(),
  toolConfig: z.unknown().optional(),
  safetySettings: z.unknown().optional(),
  generationConfig: z
    .strictObject({
      temperature: z.number().min(0).max(2).optional(),
      maxOutputTokens: z.number().int().positive().optional(),
      topP: z.number().optional(),
      topK: z.number().optional(),
      stopSequences: z.array(z.string()).optional(),
      candidateCount: z.number().int().optional(),
      thinkingConfig: z.strictObject({ thinkingBudget: z.number().int().min(-1).optional(), includeThoughts: z.boolean().optional() }).optional(),
    })
    .optional(),
});

const callSignature = (name: string, args: unknown): string => signature(`gemini-call|${name}|${canonicalJson(args ?? {})}`);
const TEXT_SIGNATURE = signature('gemini-text');

type Req = z.infer<typeof Request>;

/** A signature that is not the one the stand-in gave for that part. */
function corruptSignature(req: Req): string | null {
  for (const [i, c] of req.contents.entries()) {
    for (const [j, p] of c.parts.entries()) {
      if (p.thoughtSignature === undefined) continue;
      const expected = p.functionCall ? callSignature(p.functionCall.name, p.functionCall.args) : TEXT_SIGNATURE;
      if (p.thoughtSignature !== expected) return `Corrupted thought signature. (contents[${i}].parts[${j}])`;
    }
  }
  return null;
}

/** With thinking on, each model turn of the current turn (after the last user text) must keep the signature on its first function call. */
function missingSignature(req: Req): string | null {
  let start = 0;
  req.contents.forEach((c, i) => {
    if (c.role !== 'model' && c.parts.some((p) => p.text !== undefined)) start = i + 1;
  });
  for (let i = start; i < req.contents.length; i++) {
    const c = req.contents[i];
    if (c?.role !== 'model') continue;
    const first = c.parts.find((p) => p.functionCall);
    if (first?.functionCall && first.thoughtSignature === undefined) {
      return `Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call \`default_api:${first.functionCall.name}\` , position ${i + 1}. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.`;
    }
  }
  return null;
}

function parseChat(body: unknown, pathModel: string | null): ParsedChat | { error: string } {
  const r = Request.safeParse(body);
  if (!r.success) return { error: `Invalid JSON payload received. ${describeIssues(r.error.issues)}` };
  const req = r.data;
  const budget = req.generationConfig?.thinkingConfig?.thinkingBudget;
  const thinking = budget !== undefined && budget !== 0;
  const invalid = corruptSignature(req) ?? (thinking ? missingSignature(req) : null);
  if (invalid !== null) return { error: invalid };
  const messages: BrainMessage[] = [];
  if (req.systemInstruction) messages.push({ role: 'system', content: req.systemInstruction.parts.map((p) => p.text).join('\n') });
  for (const c of req.contents) {
    if (c.role === 'model') {
      const text = c.parts.map((p) => (p.thought ? '' : (p.text ?? ''))).join('');
      const calls = c.parts.flatMap((p) => (p.functionCall ? [{ name: p.functionCall.name, arguments: p.functionCall.args ?? {} }] : []));
      messages.push({ role: 'assistant', content: text, tool_calls: calls });
      continue;
    }
    for (const p of c.parts) {
      if (p.functionResponse) {
        const resp = p.functionResponse.response;
        const content = typeof resp.content === 'string' ? resp.content : JSON.stringify(resp);
        // Gemini links a result to its call by the function's name only.
        messages.push({ role: 'tool', tool_call_id: p.functionResponse.name, content });
      } else if (p.text !== undefined) {
        messages.push({ role: 'user', content: p.text });
      } else if (p.functionCall) {
        return { error: 'Please ensure that function call turns come immediately after a user turn or after a function response turn.' };
      }
    }
  }
  return {
    model: pathModel ?? '',
    messages,
    tools: (req.tools ?? []).flatMap((t) => t.functionDeclarations.map((f) => f.name)),
    stream: false,
    maxTokens: req.generationConfig?.maxOutputTokens ?? 8192,
    streamUsage: true,
    thinking,
  };
}

function usageJson(r: ReplyToRender): Record<string, unknown> {
  const u = r.usage;
  return {
    promptTokenCount: u.input_tokens,
    candidatesTokenCount: u.output_tokens - u.reasoning_tokens,
    totalTokenCount: u.input_tokens + u.output_tokens,
    ...(u.cached_input_tokens > 0 ? { cachedContentTokenCount: u.cached_input_tokens } : {}),
    ...(u.reasoning_tokens > 0 ? { thoughtsTokenCount: u.reasoning_tokens } : {}),
  };
}

function responseJson(r: ReplyToRender, parts: Record<string, unknown>[], finish: string | null, usage: boolean): Record<string, unknown> {
  return {
    candidates: [{ content: { role: 'model', parts }, ...(finish ? { finishReason: finish } : {}), index: 0 }],
    ...(usage ? { usageMetadata: usageJson(r) } : {}),
    modelVersion: r.version,
    responseId: 'standin',
  };
}

const finishOf = (r: ReplyToRender): string => (r.finish === 'length' ? 'MAX_TOKENS' : 'STOP');
/** The reply's calls; with thinking, the first one carries the thought signature. */
const callParts = (r: ReplyToRender): Record<string, unknown>[] =>
  (r.reply.tool_calls ?? []).map((c, i) => ({ functionCall: { name: c.name, args: c.arguments }, ...(r.thinking !== null && i === 0 ? { thoughtSignature: callSignature(c.name, c.arguments) } : {}) }));
/** A text part; with thinking, the last part of a reply without calls carries a signature. */
const textPart = (r: ReplyToRender, text: string): Record<string, unknown> => ({ text, ...(r.thinking !== null && callParts(r).length === 0 ? { thoughtSignature: TEXT_SIGNATURE } : {}) });

const STATUS = { missing_key: 'PERMISSION_DENIED', invalid_key: 'INVALID_ARGUMENT', browser_header: 'PERMISSION_DENIED', not_found: 'NOT_FOUND', rate_limit: 'RESOURCE_EXHAUSTED', server: 'INTERNAL', bad_request: 'INVALID_ARGUMENT' } as const;

export const geminiDialect: Dialect = {
  provider: 'gemini',
  eol: '\r\n',
  checkAuth({ headers, query }, key) {
    if (key === null) return null;
    // The real API also takes ?key=; the adapter must not use it (tests assert it never does).
    const given = headerValue(headers, 'x-goog-api-key') ?? query.get('key') ?? undefined;
    if (given === undefined) return { status: 403, kind: 'missing_key', message: "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API." };
    if (given !== key) return { status: 400, kind: 'invalid_key', message: 'API key not valid. Please pass a valid API key.' };
    return null;
  },
  parseChat,
  chatJson: (r) => responseJson(r, [...(r.reply.text ? [callParts(r).length === 0 ? textPart(r, r.reply.text) : { text: r.reply.text }] : []), ...callParts(r)], finishOf(r), true),
  chatFrames(r) {
    const frames: Frame[] = pieces(r.reply.text ?? '', 7).map((p) => ({ data: JSON.stringify(responseJson(r, [{ text: p }], null, true)) }));
    // The last chunk carries any function calls (or, as the API streams it, an empty text part with the signature), the finish reason and the final usage.
    frames.push({ data: JSON.stringify(responseJson(r, callParts(r).length > 0 ? callParts(r) : [textPart(r, '')], finishOf(r), true)) });
    return frames;
  },
  modelList: (models) => ({
    models: models.map((id) => ({ name: `models/${id}`, displayName: id, supportedGenerationMethods: ['generateContent', 'countTokens'] })),
  }),
  errorBody(refusal, retryAfterSeconds) {
    const details: Record<string, unknown>[] = [];
    if (refusal.kind === 'invalid_key') details.push({ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com' });
    if (refusal.kind === 'rate_limit' && retryAfterSeconds !== null) details.push({ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${retryAfterSeconds}s` });
    return { error: { code: refusal.status, message: refusal.message, status: STATUS[refusal.kind], ...(details.length > 0 ? { details } : {}) } };
  },
  unknownModel: (model) => ({ status: 404, kind: 'not_found', message: `models/${model} is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.` }),
};
