/**
 * Turns a failed LLM exchange into plain words for the "Test connection" button (and the CLI): what
 * went wrong, what the browser or the server said, and what to change. A browser cannot tell a CORS
 * refusal from a server that is not running (both reject fetch with a bare TypeError), so a network
 * failure lists the likely causes in order, led by the fix for the server the base URL points at.
 *
 * Pure: the page origin is passed in. The key is never an input, and any secret handed in `secrets`
 * (the key the caller used) is scrubbed from every line, in case a server echoed it back.
 */
import { createRedactor } from './redact.ts';
import { LlmError, type LlmErrorKind, type ProviderId } from './types.ts';

export interface DiagnosisContext {
  readonly provider: ProviderId;
  readonly baseUrl: string;
  /** The page's origin (e.g. https://example.org); omitted in Node, where CORS does not apply. */
  readonly pageOrigin?: string;
  /** Strings that must not appear in the result (the API key in use). */
  readonly secrets?: readonly string[];
}

export type DiagnosisKind = LlmErrorKind | 'mixed_content' | 'cancelled' | 'unknown';

export interface Diagnosis {
  readonly kind: DiagnosisKind;
  /** One line: what happened. */
  readonly title: string;
  /** What the browser or the server reported, and why it usually happens. */
  readonly detail: string;
  /** What to do, one step per line. */
  readonly fix: string;
}

/** Which server a base URL most likely points at; decides which fix comes first. */
export type ServerKind = 'openai' | 'openrouter' | 'anthropic' | 'gemini-native' | 'gemini-openai' | 'ollama' | 'lmstudio' | 'llamacpp' | 'vllm' | 'local-unknown' | 'remote-unknown';

export function diagnoseLlmError(error: unknown, context: DiagnosisContext): Diagnosis {
  const d = diagnoseUnredacted(error, context);
  const redactors = (context.secrets ?? []).map(createRedactor);
  if (redactors.length === 0) return d;
  const redact = (text: string): string => redactors.reduce((out, r) => r.text(out), text);
  return { kind: d.kind, title: redact(d.title), detail: redact(d.detail), fix: redact(d.fix) };
}

function diagnoseUnredacted(error: unknown, ctx: DiagnosisContext): Diagnosis {
  const url = parseUrl(ctx.baseUrl);
  if (url === null) {
    return {
      kind: 'bad_request',
      title: 'The base URL is not a valid URL',
      detail: `“${ctx.baseUrl}” cannot be parsed as an absolute http(s) URL.`,
      fix: 'Enter the full base URL including the scheme, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1.',
    };
  }
  const server = detectServer(ctx.provider, url);
  if (isAbort(error)) {
    return { kind: 'cancelled', title: 'The request was cancelled', detail: 'It was stopped before the endpoint answered.', fix: 'Run it again.' };
  }
  const kind = errorKind(error);
  const message = errorMessage(error);
  const status = error instanceof LlmError ? error.status : null;
  switch (kind) {
    case 'network':
      return networkDiagnosis(ctx, url, server, message);
    case 'auth':
      return authDiagnosis(server, status, message);
    case 'not_found':
      return notFoundDiagnosis(ctx, url, server, message);
    case 'rate_limit':
      return rateLimitDiagnosis(error instanceof LlmError ? error.retryAfterMs : null, message);
    case 'server':
      return {
        kind,
        title: `The endpoint had a server error${status !== null ? ` (HTTP ${status})` : ''}`,
        detail: withServerSays('The request reached the server, which failed to answer it. This is on the provider’s side (overloaded, restarting, or the model crashed while loading).', message),
        fix: [
          'Wait a moment and test again; runs retry these errors with backoff on their own.',
          isLocal(url) ? 'For a local server, check its console: the model may not fit in memory, or it is still loading.' : 'Check the provider’s status page if it persists.',
        ].join('\n'),
      };
    case 'timeout':
      return {
        kind,
        title: 'The endpoint did not answer in time',
        detail: withServerSays('The connection was made, but no complete answer arrived before the time limit.', message),
        fix: [
          isLocal(url) ? 'A local server may still be loading the model into memory: wait for it to finish, then test again.' : 'The model may be overloaded or slow for long outputs: test again.',
          'For slow models, raise the per-task timeout in the budgets below.',
        ].join('\n'),
      };
    case 'protocol':
      return protocolDiagnosis(ctx, server, message);
    case 'bad_request':
      return {
        kind,
        title: `The endpoint rejected the request${status !== null ? ` (HTTP ${status})` : ''}`,
        detail: withServerSays('The server understood the request but refused one of its parts.', message),
        fix: [
          'Check the model id: some models do not support tool calling, streaming, temperature or reasoning effort.',
          'Turn off reasoning effort or streaming and test again, to see which setting it refuses.',
          'Check the extra headers for a typo.',
        ].join('\n'),
      };
    case 'unknown':
      return { kind, title: 'The connection test failed', detail: message || 'No error message was given.', fix: 'Check the base URL, the provider and the key, then test again.' };
  }
}

function networkDiagnosis(ctx: DiagnosisContext, url: URL, server: ServerKind, message: string): Diagnosis {
  const page = ctx.pageOrigin !== undefined ? parseUrl(ctx.pageOrigin) : null;
  const reported = message ? ` The browser reported: “${message}”.` : '';
  if (page !== null && page.protocol === 'https:' && url.protocol === 'http:' && !isLoopback(url.hostname)) {
    return {
      kind: 'mixed_content',
      title: 'The browser blocked a plain-http request from this https page',
      detail: `This page is served over https, so the browser refuses to call ${url.origin} over http (mixed content).${reported}`,
      fix: ['Serve the endpoint over https (e.g. behind a reverse proxy with a certificate),', 'or reach it through localhost (an SSH tunnel: ssh -L 8000:127.0.0.1:8000 host), which browsers allow over http,', 'or open this page from http://127.0.0.1 (npm start).'].join('\n'),
    };
  }
  // Outside a browser (the CLI) there is no CORS and the error says which failure it was.
  if (ctx.pageOrigin === undefined) return nodeNetworkDiagnosis(url, message);
  const steps: string[] = [];
  const local = isLocal(url);
  if (local) steps.push(`Make sure the server is running: open ${url.origin} in a new tab; if that fails too, nothing is listening there.`);
  steps.push(...corsFix(server, ctx.pageOrigin));
  if (local && page !== null && !isLocal(page)) {
    steps.push('This page is public and the server is on your machine or network: Chrome asks for permission to access devices on your local network. Allow it (site settings → Local network access) and test again.');
  }
  if (!local) steps.push('Check the base URL for typos, and that you are online.');
  return {
    kind: 'network',
    title: local ? 'The browser could not reach the local server (not running, or blocked by CORS)' : 'The browser could not reach the endpoint (blocked by CORS, or unreachable)',
    detail: `The request to ${url.origin} failed before any answer arrived. Browsers report a CORS refusal, a refused connection and an unknown host the same way, so the cause cannot be told apart from here.${reported}`,
    fix: steps.join('\n'),
  };
}

function nodeNetworkDiagnosis(url: URL, message: string): Diagnosis {
  const local = isLocal(url);
  return {
    kind: 'network',
    title: local ? `Could not connect to the local server at ${url.origin} (not running?)` : `Could not reach the endpoint at ${url.origin}`,
    detail: withServerSays(`The request to ${url.origin} failed before any answer arrived (connection refused, unknown host, or no network).`, message),
    fix: (local
      ? [`Make sure the server is running and listens on ${url.host} (its --host and --port).`, 'Check the base URL: scheme, host, port and path.']
      : ['Check the base URL for typos, and that this machine is online (a proxy or firewall may block the host).']
    ).join('\n'),
  };
}

function corsFix(server: ServerKind, pageOrigin: string | undefined): string[] {
  const origin = pageOrigin ?? '<this page’s origin>';
  switch (server) {
    case 'ollama':
      return [`Ollama only accepts pages it knows: start it with OLLAMA_ORIGINS=${origin} (e.g. \`OLLAMA_ORIGINS=${origin} ollama serve\`, or set it in the service environment), then restart Ollama.`];
    case 'lmstudio':
      return ['LM Studio: Developer tab → server settings → turn on “Enable CORS”, then restart the server.'];
    case 'llamacpp':
      return ['llama.cpp server (llama-server) allows cross-origin requests by default; if it runs behind a proxy, make the proxy pass the Access-Control-Allow-Origin header. Check it listens on the host and port in the base URL (--host, --port).'];
    case 'vllm':
      return [`vLLM: start the server with --allowed-origins '["${origin}"]' (and --allowed-headers '["*"]' if you send extra headers).`];
    case 'gemini-openai':
      return ['Gemini’s OpenAI-compatible endpoint (…/v1beta/openai) fails the browser’s CORS preflight. Pick the Gemini preset instead: it uses the native API at https://generativelanguage.googleapis.com.'];
    case 'anthropic':
      return ['Anthropic accepts browser calls only with the header anthropic-dangerous-direct-browser-access: true, which the Anthropic preset sends; check the provider is set to Anthropic, not OpenAI-compatible.'];
    case 'openai':
    case 'openrouter':
    case 'gemini-native':
      return ['This provider allows browser requests; a failure here is usually a typo in the base URL, being offline, or a browser extension or network filter blocking the host.'];
    case 'local-unknown':
      return [
        `If it is Ollama: start it with OLLAMA_ORIGINS=${origin}, then restart it.`,
        'If it is LM Studio: turn on “Enable CORS” in the server settings.',
        'If it is llama.cpp’s server: it allows browser calls by default; check the host and port.',
        `If it is vLLM: start it with --allowed-origins '["${origin}"]'.`,
      ];
    case 'remote-unknown':
      return [`The server must answer the browser’s CORS preflight (OPTIONS) with Access-Control-Allow-Origin for ${origin} and allow the Authorization and Content-Type headers.`];
  }
}

function authDiagnosis(server: ServerKind, status: number | null, message: string): Diagnosis {
  const steps = ['Paste the key again: it may be mistyped, revoked, or for another provider or project.'];
  if (server === 'anthropic') steps.push('Anthropic keys start with sk-ant-. Browser calls also need the anthropic-dangerous-direct-browser-access header, which the Anthropic preset sends.');
  if (server === 'gemini-native') steps.push('Gemini keys come from Google AI Studio; the key must allow the Generative Language API.');
  if (server === 'openrouter') steps.push('OpenRouter keys start with sk-or-.');
  if (status === 403) steps.push('A 403 with a valid key means the key lacks access to this model or project, or the organisation restricts it.');
  if (server === 'ollama' || server === 'lmstudio' || server === 'llamacpp' || server === 'vllm' || server === 'local-unknown') {
    steps.push('Local servers usually need no key; if you started it with an API key (e.g. llama-server --api-key, vllm --api-key), enter that one.');
  }
  return {
    kind: 'auth',
    title: `The endpoint refused the key${status !== null ? ` (HTTP ${status})` : ''}`,
    detail: withServerSays(status === 403 ? 'The key was read but is not allowed to do this.' : 'The API key is missing or wrong for this endpoint.', message),
    fix: steps.join('\n'),
  };
}

function notFoundDiagnosis(ctx: DiagnosisContext, url: URL, server: ServerKind, message: string): Diagnosis {
  const steps = ['Check the model id: pick one from the model list, or copy it exactly from the provider.'];
  const path = url.pathname.replace(/\/+$/, '');
  if (ctx.provider === 'openai' && server !== 'gemini-openai' && !/\/v\d+[a-z]*$/.test(path) && !path.endsWith('/api/v1')) {
    steps.push(`The base URL has no version path: OpenAI-compatible servers usually expect …/v1 (try ${url.origin}${path}/v1).`);
  }
  if (ctx.provider === 'anthropic' && /\/v1$/.test(path)) steps.push(`For Anthropic, use the base URL without /v1 (${url.origin}${path.replace(/\/v1$/, '')}).`);
  if (ctx.provider === 'gemini') steps.push('For Gemini, the model id looks like gemini-2.5-flash (without a models/ prefix), and the base URL is https://generativelanguage.googleapis.com.');
  if (server === 'ollama') steps.push('For Ollama, pull the model first (ollama pull <model>) and use its exact tag, e.g. llama3.1:8b.');
  return {
    kind: 'not_found',
    title: 'The endpoint answered “not found” (HTTP 404)',
    detail: withServerSays('Either the model id does not exist on this endpoint, or the base URL’s path is wrong.', message),
    fix: steps.join('\n'),
  };
}

function rateLimitDiagnosis(retryAfterMs: number | null, message: string): Diagnosis {
  const quota = /quota|billing|insufficient|credit/i.test(message);
  const wait = retryAfterMs !== null ? ` The server asks to wait ${formatSeconds(retryAfterMs)} before trying again.` : '';
  return {
    kind: 'rate_limit',
    title: quota ? 'The account is out of quota or credit (HTTP 429)' : 'The endpoint is rate limiting these requests (HTTP 429)',
    detail: withServerSays(`${quota ? 'The provider refuses requests until the account’s quota or billing is sorted out.' : 'Too many requests or tokens in a short time for this key’s tier.'}${wait}`, message),
    fix: quota
      ? 'Check the billing and usage page of the provider’s console, add credit or raise the limit, then test again.'
      : 'Wait and test again; runs retry 429s on their own, honouring retry-after. For long runs, pick a smaller selection or a higher rate-limit tier.',
  };
}

function protocolDiagnosis(ctx: DiagnosisContext, server: ServerKind, message: string): Diagnosis {
  const steps = ['Check that the provider matches the server: OpenAI-compatible servers (Ollama, LM Studio, llama.cpp, vLLM, OpenRouter) need the OpenAI-compatible provider; Anthropic and Gemini have their own.'];
  if (server === 'gemini-openai' && ctx.provider !== 'openai') steps.push('This base URL is Gemini’s OpenAI-compatible endpoint; use the Gemini preset’s native base URL instead.');
  steps.push('A base URL that points at a web page (not the API) answers HTML: check the path.');
  steps.push('If the answer was cut off, the server or a proxy closed the connection early: test again.');
  return {
    kind: 'protocol',
    title: 'The endpoint answered, but not in the expected format',
    detail: withServerSays(`The reply could not be read as a ${providerName(ctx.provider)} response (not JSON, truncated, or another API’s format).`, message),
    fix: steps.join('\n'),
  };
}

export function detectServer(provider: ProviderId, url: URL): ServerKind {
  const host = url.hostname.toLowerCase();
  if (host === 'generativelanguage.googleapis.com') return url.pathname.includes('/openai') ? 'gemini-openai' : 'gemini-native';
  if (host === 'api.anthropic.com' || provider === 'anthropic') return 'anthropic';
  if (provider === 'gemini') return 'gemini-native';
  if (host === 'api.openai.com') return 'openai';
  if (host === 'openrouter.ai') return 'openrouter';
  if (host.includes('ollama')) return 'ollama';
  if (isLocal(url)) {
    switch (url.port) {
      case '11434':
        return 'ollama';
      case '1234':
        return 'lmstudio';
      case '8080':
        return 'llamacpp';
      case '8000':
        return 'vllm';
      default:
        return 'local-unknown';
    }
  }
  return 'remote-unknown';
}

/** Loopback names and addresses: browsers treat these as secure contexts even over http. */
function isLoopback(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h);
}

/** Loopback or a private (RFC 1918 / link-local / .local) address: a server on this machine or network. */
function isLocal(url: URL): boolean {
  const h = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isLoopback(h) || h === '0.0.0.0' || h.endsWith('.local')) return true;
  const m = /^(\d+)\.(\d+)\.\d+\.\d+$/.exec(h);
  if (m === null) return false;
  const a = Number(m[1]);
  const b = Number(m[2]);
  return a === 10 || (a === 192 && b === 168) || (a === 172 && b >= 16 && b <= 31) || (a === 169 && b === 254);
}

function errorKind(error: unknown): LlmErrorKind | 'unknown' {
  if (error instanceof LlmError) return error.kind;
  // fetch() rejects with a TypeError ("Failed to fetch", "NetworkError when attempting…", "Load failed").
  if (error instanceof TypeError) return 'network';
  if (isNamed(error, 'TimeoutError')) return 'timeout';
  if (error instanceof SyntaxError) return 'protocol';
  return 'unknown';
}

function isAbort(error: unknown): boolean {
  return isNamed(error, 'AbortError') || (error instanceof LlmError && isNamed(error.cause, 'AbortError'));
}

function isNamed(error: unknown, name: string): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && (error as { name: unknown }).name === name;
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message.trim();
  if (typeof error === 'string') return error.trim();
  return '';
}

function withServerSays(explanation: string, message: string): string {
  return message ? `${explanation} Reported: “${truncate(message, 400)}”.` : explanation;
}

function truncate(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

function parseUrl(s: string): URL | null {
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u : null;
  } catch {
    return null;
  }
}

function formatSeconds(ms: number): string {
  const s = ms / 1000;
  return s < 10 ? `${Number(s.toFixed(1))} s` : `${Math.round(s)} s`;
}

function providerName(provider: ProviderId): string {
  return provider === 'openai' ? 'OpenAI-compatible' : provider === 'anthropic' ? 'Anthropic Messages' : 'Gemini';
}
