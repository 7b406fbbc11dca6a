import { describe, expect, it } from 'vitest';
import { detectServer, diagnoseLlmError, type DiagnosisContext } from './diagnose.ts';
import { REDACTED } from './redact.ts';
import { LlmError } from './types.ts';

const PUBLIC_PAGE = 'https://bench.example.org';
const LOCAL_PAGE = 'http://127.0.0.1:4173';

function ctx(provider: DiagnosisContext['provider'], baseUrl: string, pageOrigin?: string): DiagnosisContext {
  return pageOrigin === undefined ? { provider, baseUrl } : { provider, baseUrl, pageOrigin };
}

const fetchFailed = new TypeError('Failed to fetch');

describe('diagnoseLlmError: network and CORS', () => {
  it('Ollama: names OLLAMA_ORIGINS with the page origin and a restart', () => {
    const d = diagnoseLlmError(fetchFailed, ctx('openai', 'http://127.0.0.1:11434/v1', LOCAL_PAGE));
    expect(d.kind).toBe('network');
    expect(d.title).toMatch(/local server/);
    expect(d.fix).toContain(`OLLAMA_ORIGINS=${LOCAL_PAGE}`);
    expect(d.fix).toMatch(/restart/i);
    expect(d.detail).toContain('Failed to fetch');
  });

  it('LM Studio, llama.cpp and vLLM each get their own switch', () => {
    expect(diagnoseLlmError(fetchFailed, ctx('openai', 'http://localhost:1234/v1', LOCAL_PAGE)).fix).toMatch(/Enable CORS/);
    expect(diagnoseLlmError(fetchFailed, ctx('openai', 'http://localhost:8080/v1', LOCAL_PAGE)).fix).toMatch(/llama\.cpp.*by default/);
    expect(diagnoseLlmError(fetchFailed, ctx('openai', 'http://localhost:8000/v1', LOCAL_PAGE)).fix).toContain(`--allowed-origins '["${LOCAL_PAGE}"]'`);
  });

  it('a public page calling a localhost server mentions the local-network permission prompt', () => {
    const d = diagnoseLlmError(fetchFailed, ctx('openai', 'http://127.0.0.1:11434/v1', PUBLIC_PAGE));
    expect(d.fix).toMatch(/local network/i);
    // …but not when the page itself is local.
    expect(diagnoseLlmError(fetchFailed, ctx('openai', 'http://127.0.0.1:11434/v1', LOCAL_PAGE)).fix).not.toMatch(/local network/i);
  });

  it('an https page calling a LAN server over http is mixed content, not CORS', () => {
    const d = diagnoseLlmError(fetchFailed, ctx('openai', 'http://192.168.1.20:8000/v1', PUBLIC_PAGE));
    expect(d.kind).toBe('mixed_content');
    expect(d.fix).toMatch(/https/);
    // http://localhost is a secure context, so it is not mixed content.
    expect(diagnoseLlmError(fetchFailed, ctx('openai', 'http://localhost:8000/v1', PUBLIC_PAGE)).kind).toBe('network');
  });

  it('Gemini through its OpenAI-compatible endpoint: use the native API', () => {
    const d = diagnoseLlmError(fetchFailed, ctx('openai', 'https://generativelanguage.googleapis.com/v1beta/openai', PUBLIC_PAGE));
    expect(d.fix).toMatch(/native API/);
    expect(d.fix).toContain('https://generativelanguage.googleapis.com');
  });

  it('an LlmError of kind network reads the same as the raw TypeError', () => {
    const wrapped = new LlmError('network', 'Failed to fetch', { cause: fetchFailed });
    const d = diagnoseLlmError(wrapped, ctx('openai', 'http://127.0.0.1:11434/v1', LOCAL_PAGE));
    expect(d).toEqual(diagnoseLlmError(fetchFailed, ctx('openai', 'http://127.0.0.1:11434/v1', LOCAL_PAGE)));
  });

  it('an unknown local port lists every local server’s switch', () => {
    const d = diagnoseLlmError(fetchFailed, ctx('openai', 'http://127.0.0.1:5001/v1', LOCAL_PAGE));
    for (const s of ['OLLAMA_ORIGINS', 'Enable CORS', 'llama.cpp', '--allowed-origins']) expect(d.fix).toContain(s);
  });
});

describe('diagnoseLlmError: HTTP failures', () => {
  it('401: wrong or missing key, with provider-specific hints', () => {
    const d = diagnoseLlmError(new LlmError('auth', 'HTTP 401: invalid x-api-key', { status: 401 }), ctx('anthropic', 'https://api.anthropic.com'));
    expect(d.kind).toBe('auth');
    expect(d.title).toContain('401');
    expect(d.fix).toContain('anthropic-dangerous-direct-browser-access');
    expect(d.detail).toContain('invalid x-api-key');
  });

  it('403 says the key is valid but not allowed', () => {
    const d = diagnoseLlmError(new LlmError('auth', 'forbidden', { status: 403 }), ctx('openai', 'https://api.openai.com/v1'));
    expect(d.title).toContain('403');
    expect(d.fix).toMatch(/lacks access/);
  });

  it('404: model id, and a base URL missing /v1', () => {
    const d = diagnoseLlmError(new LlmError('not_found', 'model not found', { status: 404 }), ctx('openai', 'http://127.0.0.1:11434'));
    expect(d.kind).toBe('not_found');
    expect(d.fix).toContain('http://127.0.0.1:11434/v1');
    expect(d.fix).toMatch(/ollama pull/);
    // A base URL that already has a version path is not blamed.
    expect(diagnoseLlmError(new LlmError('not_found', '', { status: 404 }), ctx('openai', 'https://api.openai.com/v1')).fix).not.toMatch(/no version path/);
    expect(diagnoseLlmError(new LlmError('not_found', '', { status: 404 }), ctx('openai', 'https://openrouter.ai/api/v1')).fix).not.toMatch(/no version path/);
  });

  it('429: rate limit with the server’s retry-after, or quota', () => {
    const limited = diagnoseLlmError(new LlmError('rate_limit', 'Too many requests', { status: 429, retryAfterMs: 20_000 }), ctx('openai', 'https://api.openai.com/v1'));
    expect(limited.kind).toBe('rate_limit');
    expect(limited.detail).toContain('wait 20 s');
    expect(limited.title).toMatch(/rate limiting/);
    const quota = diagnoseLlmError(new LlmError('rate_limit', 'You exceeded your current quota', { status: 429 }), ctx('openai', 'https://api.openai.com/v1'));
    expect(quota.title).toMatch(/quota/);
    expect(quota.fix).toMatch(/billing/);
  });

  it('5xx, timeout, bad request and protocol garbage each get their own title', () => {
    const base = ctx('openai', 'https://api.openai.com/v1');
    expect(diagnoseLlmError(new LlmError('server', 'boom', { status: 503 }), base).title).toContain('HTTP 503');
    expect(diagnoseLlmError(new LlmError('timeout', 'no answer in 60 s'), base).kind).toBe('timeout');
    expect(diagnoseLlmError(new LlmError('bad_request', 'tools not supported', { status: 400 }), base).fix).toMatch(/tool calling/);
    const garbage = diagnoseLlmError(new LlmError('protocol', 'Unexpected token < in JSON'), ctx('anthropic', 'http://127.0.0.1:8080'));
    expect(garbage.kind).toBe('protocol');
    expect(garbage.detail).toContain('Anthropic Messages');
  });

  it('an abort is a cancellation, not a failure', () => {
    expect(diagnoseLlmError(new DOMException('aborted', 'AbortError'), ctx('openai', 'https://api.openai.com/v1')).kind).toBe('cancelled');
  });

  it('a base URL that is not a URL says so', () => {
    const d = diagnoseLlmError(fetchFailed, ctx('openai', 'localhost:11434'));
    expect(d.title).toMatch(/not a valid URL/);
  });
});

describe('diagnoseLlmError: secrets', () => {
  it('scrubs the key from every line, even when the server echoes it', () => {
    const key = 'sk-test-0123456789abcdef';
    const d = diagnoseLlmError(new LlmError('auth', `Incorrect API key provided: ${key}`, { status: 401 }), {
      provider: 'openai',
      baseUrl: 'https://api.openai.com/v1',
      secrets: [key],
    });
    expect(JSON.stringify(d)).not.toContain(key);
    expect(d.detail).toContain(REDACTED);
  });
});

describe('detectServer', () => {
  it('recognises hosted providers and local servers by host and default port', () => {
    const cases: [DiagnosisContext['provider'], string, string][] = [
      ['openai', 'https://api.openai.com/v1', 'openai'],
      ['openai', 'https://openrouter.ai/api/v1', 'openrouter'],
      ['anthropic', 'https://api.anthropic.com', 'anthropic'],
      ['gemini', 'https://generativelanguage.googleapis.com', 'gemini-native'],
      ['openai', 'https://generativelanguage.googleapis.com/v1beta/openai', 'gemini-openai'],
      ['openai', 'http://127.0.0.1:11434/v1', 'ollama'],
      ['openai', 'http://localhost:1234/v1', 'lmstudio'],
      ['openai', 'http://[::1]:8080/v1', 'llamacpp'],
      ['openai', 'http://10.0.0.5:8000/v1', 'vllm'],
      ['openai', 'https://llm.example.com/v1', 'remote-unknown'],
    ];
    for (const [provider, url, expected] of cases) expect(detectServer(provider, new URL(url)), url).toBe(expected);
  });
});
