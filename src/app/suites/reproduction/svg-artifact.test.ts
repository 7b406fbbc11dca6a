// The SVG check: a plain drawing becomes a data: URL (percent-encoded, so it carries no markup);
// anything that could script, link or load is refused with its reason.
import { describe, expect, it } from 'vitest';
import { MAX_SVG_CHARS, svgArtifactView } from './svg-artifact.ts';

const plain = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect x="1" y="1" width="8" height="8" fill="#0072B2"/></svg>';

describe('svgArtifactView', () => {
  it('a plain drawing is an encoded data: URL with no markup left in it', () => {
    const v = svgArtifactView(plain);
    expect(v.shown).toBe(true);
    if (!v.shown) return;
    expect(v.src.startsWith('data:image/svg+xml;charset=utf-8,%3Csvg')).toBe(true);
    expect(v.src).not.toMatch(/[<>"]/);
    expect(decodeURIComponent(v.src.slice(v.src.indexOf(',') + 1))).toBe(plain);
  });

  it.each([
    ['<svg><script>alert(1)</script></svg>', 'a <script> element'],
    ['<svg><SCRIPT >alert(1)</SCRIPT></svg>', 'a <script> element'],
    ['<svg onload="alert(1)"></svg>', 'an event-handler attribute'],
    ['<svg><foreignObject><div>x</div></foreignObject></svg>', 'a <foreignObject> element'],
    ['<svg><a href="https://example.org">x</a></svg>', 'an element that loads or links content'],
    ['<svg><image href="https://example.org/x.png"/></svg>', 'an element that loads or links content'],
    ['<svg><rect style="fill:url(https://example.org/p)"/></svg>', 'a url() outside the document'],
    ['<!DOCTYPE svg [<!ENTITY x "y">]><svg></svg>', 'not a single <svg> document'],
    ['<div>not svg</div>', 'not a single <svg> document'],
    ['<svg></svg><script>alert(1)</script>', 'not a single <svg> document'],
  ])('refuses %s', (text, why) => {
    const v = svgArtifactView(text);
    expect(v.shown).toBe(false);
    if (!v.shown) expect(v.reason).toContain(why);
  });

  it('refuses what is not text, and text past the size limit', () => {
    expect(svgArtifactView({ svg: plain }).shown).toBe(false);
    expect(svgArtifactView(`<svg>${' '.repeat(MAX_SVG_CHARS)}</svg>`).shown).toBe(false);
  });
});
