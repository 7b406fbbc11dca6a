/**
 * Saves a value as a pretty-printed JSON file, entirely in the page: a Blob and an object URL, no
 * network. Shared by the run-result and transcript download buttons.
 */
export function downloadJson(filename: string, value: unknown): void {
  const blob = new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  // Revoke after the click has been handled; revoking synchronously can cancel the download.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
