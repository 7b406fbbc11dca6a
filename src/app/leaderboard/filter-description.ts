/** A run's task filter in one line ("probe=P1 split=dev"), or "all tasks". */
export function describeTaskFilter(filter: Record<string, string>): string {
  const parts = Object.entries(filter)
    .filter(([, v]) => v !== '')
    .map(([k, v]) => `${k}=${v}`);
  return parts.length > 0 ? parts.join(' ') : 'all tasks';
}
