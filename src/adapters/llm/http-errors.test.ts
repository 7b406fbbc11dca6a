import { describe, expect, it } from 'vitest';
import { kindForStatus, parseRetryAfter, summariseErrorBody } from './http-errors.ts';
import { createRedactor, REDACTED } from './redact.ts';

const NOW = Date.parse('2026-01-01T00:00:00Z');
const h = (entries: Record<string, string>): Headers => new Headers(entries);

describe('parseRetryAfter', () => {
  it('reads delay-seconds (RFC 9110 §10.2.3), including fractional values some proxies send', () => {
    expect(parseRetryAfter(h({ 'retry-after': '120' }), NOW)).toBe(120_000);
    expect(parseRetryAfter(h({ 'retry-after': ' 0 ' }), NOW)).toBe(0);
    expect(parseRetryAfter(h({ 'retry-after': '1.5' }), NOW)).toBe(1_500);
  });

  it('reads an HTTP date relative to the injected clock, and a date in the past as 0', () => {
    expect(parseRetryAfter(h({ 'retry-after': 'Thu, 01 Jan 2026 00:00:30 GMT' }), NOW)).toBe(30_000);
    expect(parseRetryAfter(h({ 'retry-after': 'Wed, 31 Dec 2025 23:59:00 GMT' }), NOW)).toBe(0);
  });

  it('prefers retry-after-ms, and returns null when absent or unreadable', () => {
    expect(parseRetryAfter(h({ 'retry-after-ms': '250', 'retry-after': '9' }), NOW)).toBe(250);
    expect(parseRetryAfter(h({}), NOW)).toBeNull();
    expect(parseRetryAfter(h({ 'retry-after': 'soon' }), NOW)).toBeNull();
    expect(parseRetryAfter(h({ 'retry-after': '-5' }), NOW)).toBeNull();
  });
});

describe('kindForStatus', () => {
  it('maps status classes to the kinds the retry policy and the connection test use', () => {
    const table: [number, string][] = [
      [400, 'bad_request'],
      [401, 'auth'],
      [403, 'auth'],
      [404, 'not_found'],
      [408, 'timeout'],
      [413, 'bad_request'],
      [422, 'bad_request'],
      [429, 'rate_limit'],
      [500, 'server'],
      [503, 'server'],
      [529, 'server'],
    ];
    for (const [status, kind] of table) expect([status, kindForStatus(status)]).toEqual([status, kind]);
  });
});

describe('summariseErrorBody', () => {
  it("quotes each provider's own error message with its type or status", () => {
    expect(summariseErrorBody({ error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' } })).toBe(
      'invalid_request_error: Incorrect API key provided.',
    );
    expect(summariseErrorBody({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } })).toBe('overloaded_error: Overloaded');
    expect(summariseErrorBody({ error: { code: 404, message: 'models/x is not found', status: 'NOT_FOUND' } })).toBe('NOT_FOUND: models/x is not found');
  });

  it('falls back to the text, on one line and clipped', () => {
    expect(summariseErrorBody('<html>\n  <body>Bad gateway</body>\n</html>')).toBe('<html> <body>Bad gateway</body> </html>');
    expect(summariseErrorBody('x'.repeat(1000))).toHaveLength(301);
    expect(summariseErrorBody('')).toBe('(empty body)');
  });
});

describe('createRedactor', () => {
  it('removes every occurrence of the key from text and from nested JSON, keys included', () => {
    const r = createRedactor('sk-secret-123');
    expect(r.text('a sk-secret-123 b sk-secret-123')).toBe(`a ${REDACTED} b ${REDACTED}`);
    expect(r.json({ list: ['x sk-secret-123'], ['sk-secret-123']: 1, n: 2 })).toEqual({ list: [`x ${REDACTED}`], [REDACTED]: 1, n: 2 });
  });

  it('returns JSON without the key untouched, and ignores an empty or trivially short key', () => {
    const body = { a: 'b' };
    expect(createRedactor('sk-secret-123').json(body)).toBe(body);
    expect(createRedactor('').text('anything')).toBe('anything');
    expect(createRedactor('ab').text('abab')).toBe('abab');
  });

  it('redacts a key split across streamed pieces at any point, and emits everything else in order', () => {
    const key = 'sk-secret-123';
    const text = `before ${key} middle sk-secr not a key ${key}`;
    const expected = `before ${REDACTED} middle sk-secr not a key ${REDACTED}`;
    for (let i = 0; i <= text.length; i++) {
      for (const j of [i, Math.min(text.length, i + 3)]) {
        const out: string[] = [];
        const s = createRedactor(key).stream((t) => out.push(t));
        for (const piece of [text.slice(0, i), text.slice(i, j), text.slice(j)]) s.push(piece);
        s.flush();
        expect(out.join('')).toBe(expected);
        for (const piece of out) expect(piece).not.toContain(key);
      }
    }
  });
});
