import { describe, expect, it } from 'vitest';
import { parseFirstJsonObject } from './parse-json.ts';

const value = (text: string): unknown => {
  const r = parseFirstJsonObject(text);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

describe('parseFirstJsonObject', () => {
  it('reads a bare object', () => {
    expect(value('{"action":"stop"}')).toEqual({ action: 'stop' });
  });

  it('reads a ```json fenced object with prose around it', () => {
    const text = 'Here is my answer:\n```json\n{\n  "action": "propose_design",\n  "reason": "ok"\n}\n```\nHope this helps.';
    expect(value(text)).toEqual({ action: 'propose_design', reason: 'ok' });
  });

  it('keeps braces and escaped quotes inside strings', () => {
    const text = 'x {"reason": "use {L} and \\"}\\" here", "n": {"a": [1, {"b": 2}]}} trailing } junk {';
    expect(value(text)).toEqual({ reason: 'use {L} and "}" here', n: { a: [1, { b: 2 }] } });
  });

  it('returns the first of two objects', () => {
    expect(value('{"a":1} then {"a":2}')).toEqual({ a: 1 });
  });

  it('skips an invalid object and returns the next valid one', () => {
    expect(value('{action: propose} no, I mean {"action":"declare_infeasible"}')).toEqual({ action: 'declare_infeasible' });
  });

  it('falls back to a valid inner object when the outer one is broken', () => {
    expect(value('{ "x": oops, "design": {"L": 50} }')).toEqual({ L: 50 });
  });

  it('ignores arrays and scalars', () => {
    const r = parseFirstJsonObject('[1, 2] "str" 3');
    expect(r.ok).toBe(false);
  });

  it('reports garbage, truncation and broken JSON with different messages', () => {
    const none = parseFirstJsonObject('I think the design is fine.');
    const truncated = parseFirstJsonObject('{"action": "continue", "design": {"beam_length_mm": 5');
    const broken = parseFirstJsonObject('{"a": 1,}');
    expect(none.ok || truncated.ok || broken.ok).toBe(false);
    if (!none.ok && !truncated.ok && !broken.ok) {
      expect(none.error).toMatch(/no JSON object/);
      expect(truncated.error).toMatch(/incomplete/);
      expect(broken.error).toMatch(/no valid JSON object/);
    }
  });

  it('reports where the object sits in the text', () => {
    const r = parseFirstJsonObject('ab{"k":true}cd');
    expect(r.ok && [r.start, r.end]).toEqual([2, 12]);
  });
});
