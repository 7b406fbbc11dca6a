import { describe, expect, it } from 'vitest';
import { SseParser, type SseEvent } from './sse.ts';

function parseAll(chunks: readonly string[]): SseEvent[] {
  const p = new SseParser();
  const events = chunks.flatMap((c) => p.push(c));
  p.end();
  return events;
}

const ev = (data: string, event = 'message', id: string | null = null): SseEvent => ({ event, data, id });

describe('SseParser', () => {
  it('reads LF, CRLF and lone-CR line endings alike', () => {
    const expected = [ev('a'), ev('b', 'x')];
    expect(parseAll(['data: a\n\nevent: x\ndata: b\n\n'])).toEqual(expected);
    expect(parseAll(['data: a\r\n\r\nevent: x\r\ndata: b\r\n\r\n'])).toEqual(expected);
    expect(parseAll(['data: a\r\revent: x\rdata: b\r\r'])).toEqual(expected);
  });

  it('joins multi-line data with newlines and drops exactly one space after the colon', () => {
    expect(parseAll(['data: line 1\ndata:line 2\ndata:  indented\n\n'])).toEqual([ev('line 1\nline 2\n indented')]);
  });

  it('ignores comments and unknown fields, keeps the last id, and treats a bare field name as empty', () => {
    expect(parseAll([': keep-alive\n\nretry: 100\nfoo: bar\nid: 7\ndata\n\n'])).toEqual([ev('', 'message', '7')]);
  });

  it('does not dispatch an event with no data line (an event name alone, a comment alone)', () => {
    expect(parseAll(['event: ping\n\n: comment\n\ndata: x\n\n'])).toEqual([ev('x')]);
  });

  it('gives the same events however the stream is split, including a CRLF split between chunks', () => {
    const stream = '\uFEFFevent: message_start\r\ndata: {"a":1}\r\n\r\n: ping\r\ndata: [DONE]\r\n\r\ndata: é ünïcode\r\n\r\n';
    const whole = parseAll([stream]);
    expect(whole).toEqual([ev('{"a":1}', 'message_start'), ev('[DONE]'), ev('é ünïcode')]);
    for (let i = 0; i <= stream.length; i++) expect(parseAll([stream.slice(0, i), stream.slice(i)])).toEqual(whole);
    expect(parseAll([...stream])).toEqual(whole);
  });

  it('strips a byte-order mark only at the very start', () => {
    expect(parseAll(['\uFEFFdata: a\n\n'])).toEqual([ev('a')]);
    expect(parseAll(['data: \uFEFFa\n\n'])).toEqual([ev('\uFEFFa')]);
  });

  it('drops an event cut off before its blank line, and reports that it did', () => {
    const p = new SseParser();
    expect(p.push('data: complete\n\ndata: {"cut": tr')).toEqual([ev('complete')]);
    expect(p.end()).toEqual({ unterminated: true });
    const q = new SseParser();
    q.push('data: complete\n\n');
    expect(q.end()).toEqual({ unterminated: false });
  });
});
