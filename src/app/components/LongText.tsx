import { useId, useState } from 'react';
import { textPreview } from './text-preview.ts';

interface LongTextProps {
  text: string;
  testId?: string;
}

/**
 * Model or harness text in a monospace pre-wrap block, always rendered as text. Long texts start
 * collapsed to their first lines with a toggle, so one long prompt does not bury the whole episode.
 */
export function LongText({ text, testId }: LongTextProps) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const { preview, hiddenLines, truncated } = textPreview(text);
  return (
    <>
      <pre id={id} className="code-block transcript-text" data-testid={testId}>
        {expanded || !truncated ? text : `${preview}…`}
      </pre>
      {truncated && (
        <button type="button" className="copy-button" aria-expanded={expanded} aria-controls={id} onClick={() => setExpanded((e) => !e)}>
          {expanded ? 'Show less' : `Show all (${hiddenLines > 0 ? `${hiddenLines} more lines` : `${text.length} characters`})`}
        </button>
      )}
    </>
  );
}
