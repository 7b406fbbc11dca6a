/**
 * Saves a value as a pretty-printed JSON file, entirely in the page (a Blob and an object URL, no
 * network). Shared by the run-result and transcript download buttons.
 */
import { downloadBlob } from '../charts/chart-export.ts';

export function downloadJson(filename: string, value: unknown): void {
  downloadBlob(filename, new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }));
}
