import type { RunResult } from '../../core/run/run-suite.ts';
import { downloadJson } from './download-json.ts';

/** Saves rows, transcripts, metrics and manifest as one JSON file (what `score` can re-read). */
export function DownloadResultButton({ result }: { result: RunResult }) {
  return (
    <button type="button" onClick={() => downloadJson(`vehbench-run-${result.status}.json`, result)}>
      Download results (JSON)
    </button>
  );
}
