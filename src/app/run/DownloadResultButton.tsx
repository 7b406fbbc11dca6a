import type { RunResult } from '../../core/run/run-suite.ts';
import { downloadJson } from './download-json.ts';

/** Saves rows, transcripts, metrics and manifest as one JSON file (what `score` can re-read). */
export function DownloadResultButton({ result }: { result: RunResult<unknown, unknown, { suite: string }> }) {
  return (
    <button type="button" onClick={() => downloadJson(`${result.manifest.suite}-run-${result.status}.json`, result)}>
      Download results (JSON)
    </button>
  );
}
