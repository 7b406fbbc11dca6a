/** Where a long text is cut while collapsed (pure, so it is testable without a DOM). */
export interface TextPreview {
  /** The text to show while collapsed; the whole text when it is short. */
  preview: string;
  /** Lines not shown in the preview (0 when nothing is cut). */
  hiddenLines: number;
  truncated: boolean;
}

/**
 * The first `maxLines` lines of a long text (and at most `maxChars` characters), so a prompt of a
 * few hundred lines does not bury the turns around it. Short texts are returned whole.
 */
export function textPreview(text: string, maxLines = 12, maxChars = 1500): TextPreview {
  const lines = text.split('\n');
  if (lines.length <= maxLines && text.length <= maxChars) return { preview: text, hiddenLines: 0, truncated: false };
  let preview = lines.slice(0, maxLines).join('\n');
  if (preview.length > maxChars) preview = preview.slice(0, maxChars);
  const shownLines = preview.split('\n').length;
  return { preview, hiddenLines: Math.max(0, lines.length - shownLines), truncated: true };
}
