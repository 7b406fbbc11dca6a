import { useState } from 'react';

const CONFIRM_WORD = 'delete all';

/** Clearing every stored run needs the words typed out: one stray click must not lose everything. */
export function ClearAllPanel({ runCount, onClear }: { runCount: number; onClear: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  if (!open) {
    return (
      <button type="button" data-testid="clear-all" disabled={runCount === 0} onClick={() => setOpen(true)}>
        Clear everything…
      </button>
    );
  }
  return (
    <form
      className="runs-clear"
      onSubmit={(e) => {
        e.preventDefault();
        if (typed.trim().toLowerCase() !== CONFIRM_WORD) return;
        setBusy(true);
        void onClear().finally(() => {
          setBusy(false);
          setOpen(false);
          setTyped('');
        });
      }}
    >
      <label>
        This deletes all {runCount} stored runs, their rows and transcripts, from this browser. Type “{CONFIRM_WORD}” to confirm.
        <input type="text" value={typed} data-testid="clear-all-input" autoComplete="off" onChange={(e) => setTyped(e.target.value)} />
      </label>
      <div className="button-row">
        <button type="submit" className="runs-danger" data-testid="clear-all-confirm" disabled={busy || typed.trim().toLowerCase() !== CONFIRM_WORD}>
          Delete all runs
        </button>
        <button type="button" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
