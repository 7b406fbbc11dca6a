/**
 * The key is redacted in the forms servers were seen echoing it (issue 21): as given, upper- or
 * lowercased, reversed, URL-encoded (reserved characters or every byte), hex, base64 and base64url (inside longer base64 too, at any byte
 * alignment), in text, JSON and streamed pieces; text without the key is returned as it is.
 */
import { describe, expect, it } from 'vitest';
import { REDACTED, base64Cores, createRedactor, secretForms } from './redact.ts';

const KEY = 'sk-proj-Ab3/+x9Q_z7Lm~2Wq';
const b64 = (s: string): string => Buffer.from(s, 'utf8').toString('base64');
const b64url = (s: string): string => Buffer.from(s, 'utf8').toString('base64url');
const r = createRedactor(KEY);

describe('createRedactor', () => {
  it.each([
    ['the key', KEY],
    ['uppercased', KEY.toUpperCase()],
    ['lowercased', KEY.toLowerCase()],
    ['reversed', [...KEY].reverse().join('')],
    ['URL-encoded', encodeURIComponent(KEY)],
    ['URL-encoded, lowercase hex', encodeURIComponent(KEY).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase())],
    ['hex', Buffer.from(KEY, 'utf8').toString('hex')],
    ['hex, uppercase', Buffer.from(KEY, 'utf8').toString('hex').toUpperCase()],
    ['percent-encoded, every byte', Buffer.from(KEY, 'utf8').toString('hex').replace(/../g, '%$&')],
    ['base64', b64(KEY)],
    ['base64url', b64url(KEY)],
  ])('redacts %s', (_what, form) => {
    const out = r.text(`echo: ${form} (end)`);
    expect(out).toContain(REDACTED);
    expect(out).not.toContain(form);
    expect(out.startsWith('echo: ')).toBe(true);
    expect(out.endsWith(' (end)')).toBe(true);
  });

  it('redacts the key inside longer base64 at each byte alignment (a Basic auth header, a token)', () => {
    for (const prefix of ['', 'u:', 'us:', 'use:']) {
      const encoded = b64(`${prefix}${KEY}!tail`);
      const out = r.text(`Authorization: Basic ${encoded}`);
      expect(out, prefix).toContain(REDACTED);
      // What is left of the encoding decodes to no more than a few edge bits of the key.
      expect(out.replace(/\[redacted\]/, '').length).toBeLessThan(`Authorization: Basic ${encoded}`.length - KEY.length);
    }
    for (const core of base64Cores(KEY)) expect(b64(`x${KEY}`).includes(core) || b64(`xy${KEY}`).includes(core) || b64(KEY).includes(core)).toBe(true);
  });

  it('redacts encoded forms in JSON values and keys, and leaves a body without the key untouched', () => {
    const body = { error: { message: `invalid key ${b64(KEY)}`, [KEY.toUpperCase()]: 1 }, n: 3 };
    const out = r.json(body) as { error: Record<string, unknown> };
    expect(JSON.stringify(out)).not.toMatch(new RegExp(`${b64(KEY).slice(0, 20)}|${KEY.toUpperCase().slice(0, 10)}`));
    const clean = { a: 'nothing secret', b: [1, 2] };
    expect(r.json(clean)).toBe(clean);
    expect(r.text('plain text')).toBe('plain text');
  });

  it('redacts a reversed or base64 key split across streamed pieces', () => {
    for (const form of [[...KEY].reverse().join(''), b64(KEY), KEY.toUpperCase()]) {
      const out: string[] = [];
      const s = r.stream((t) => out.push(t));
      const text = `before ${form} after`;
      for (let i = 0; i < text.length; i += 5) s.push(text.slice(i, i + 5));
      s.flush();
      // The same as redacting it whole (base64 may keep an edge character and its = padding).
      expect(out.join('')).toBe(r.text(text));
      expect(out.join('')).toMatch(/^before \[redacted\]\S{0,3} after$/);
    }
  });

  it('searches a short key only as itself (its encodings would match unrelated base64 by chance)', () => {
    expect(secretForms('abcd').exact).toEqual([]);
    expect(createRedactor('abcd').text('ABCD dcba YWJjZA')).toBe(`${REDACTED} ${REDACTED} YWJjZA`);
    expect(createRedactor('abc').text('abc')).toBe('abc');
  });
});
