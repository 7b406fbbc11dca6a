import type { VehRunResult as RunResult } from '../../core/veh/run/run-veh.ts';
import { downloadJson } from './download-json.ts';

/** Saves rows, transcripts, metrics and manifest as one JSON file (what `score` can re-read). */
export function DownloadResultButton({ result }: { result: RunResult }) {
  return (
    <button type="button" onClick={() => downloadJson(`vehbench-run-${result.status}.json`, result)}>
      Download results (JSON)
    </button>
  );
}
