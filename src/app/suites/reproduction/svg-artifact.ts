/**
 * An SVG artifact is text the agent's workflow wrote, so the page never parses it into its own DOM
 * (no innerHTML, no inline <svg>). It is shown only as an <img> whose source is a data: URL —
 * browsers render an SVG image without running its scripts or fetching what it references — and
 * only when the text passes a strict check first: a lone <svg> document with no script, event
 * handler, foreign object, entity or reference outside itself. Anything else is not shown, with the
 * reason; its text stays available as plain text.
 */

export type SvgArtifactView = { shown: true; src: string } | { shown: false; reason: string };

/** Larger figures are not evidence a reader inspects by eye; they are not drawn. */
export const MAX_SVG_CHARS = 500_000;

const FORBIDDEN: readonly [RegExp, string][] = [
  [/<\s*script/i, 'a <script> element'],
  [/<\s*foreignObject/i, 'a <foreignObject> element'],
  [/<\s*(iframe|object|embed|audio|video|image|use|a|animate|set|handler|listener)[\s/>]/i, 'an element that loads or links content'],
  [/<!\s*(ENTITY|DOCTYPE)/i, 'a DOCTYPE or entity declaration'],
  [/\bon[a-z]+\s*=/i, 'an event-handler attribute'],
  [/(javascript|vbscript|data)\s*:/i, 'a script or data URL'],
  [/\bhref\s*=/i, 'a link attribute'],
  [/url\s*\(\s*['"]?\s*(?!#)/i, 'a url() outside the document'],
  [/@import/i, 'a style import'],
];

export function svgArtifactView(data: unknown): SvgArtifactView {
  if (typeof data !== 'string') return { shown: false, reason: 'the artifact is not SVG text' };
  if (data.length > MAX_SVG_CHARS) return { shown: false, reason: `the SVG is ${data.length} characters (more than ${MAX_SVG_CHARS})` };
  if (!/^\s*(<\?xml[^>]*\?>\s*)?<svg[\s>]/i.test(data) || !/<\/svg>\s*$/i.test(data)) return { shown: false, reason: 'the text is not a single <svg> document' };
  for (const [pattern, what] of FORBIDDEN) if (pattern.test(data)) return { shown: false, reason: `the SVG contains ${what}, so it is not drawn` };
  return { shown: true, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(data)}` };
}
