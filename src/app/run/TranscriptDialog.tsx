import { useEffect, useId, useRef } from 'react';
import type { Transcript } from '../../core/veh/run/transcript.ts';
import { StoredTranscript } from '../runs/TranscriptPane.tsx';

interface TranscriptDialogProps {
  transcript: Transcript;
  /** Called once the dialog has closed (close button, Escape or a click on the backdrop). */
  onClose: () => void;
}

/**
 * A transcript in a native modal <dialog>, with the same grading, trajectory and per-turn timing as
 * the run detail page: the browser traps focus inside it, makes the page behind
 * inert and closes it on Escape. Every way of closing goes through dialog.close(), so the single
 * `close` event is where the owner hears about it.
 */
export function TranscriptDialog({ transcript, onClose }: TranscriptDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const headingId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    // Start on the close button: one Tab reaches the content, Enter/Escape leave at once.
    closeRef.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
    };
  }, []);

  const close = () => dialogRef.current?.close();

  return (
    <dialog
      ref={dialogRef}
      className="transcript-dialog"
      aria-labelledby={headingId}
      data-testid="transcript-view"
      onClose={onClose}
      // The body fills the dialog, so a click whose target is the dialog itself landed on the backdrop.
      onClick={(e) => {
        if (e.target === e.currentTarget) close();
      }}
    >
      <div className="transcript-dialog-body">
        <div className="transcript-dialog-bar">
          <button ref={closeRef} type="button" data-testid="transcript-close" onClick={close}>
            Close
          </button>
        </div>
        <StoredTranscript transcript={transcript} headingId={headingId} />
      </div>
    </dialog>
  );
}
