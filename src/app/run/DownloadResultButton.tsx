import type { RunResult } from '../../core/run/run-suite.ts';

/** Saves rows, transcripts, metrics and manifest as one JSON file (what `score` can re-read). */
export function DownloadResultButton({ result }: { result: RunResult }) {
  const download = () => {
    const blob = new Blob([JSON.stringify(result, null, 2)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `vehbench-run-${result.status}.json`;
    a.click();
    // Revoke after the click has been handled; revoking synchronously can cancel the download.
    window.setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <button type="button" onClick={download}>
      Download results (JSON)
    </button>
  );
}
