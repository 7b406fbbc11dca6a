/**
 * Where the naive setup differs from the careful one, leaf by leaf (`wavelength_nm: 400 → 533.48`):
 * the whole trap, usually, in one line an educator can read out. A side that declines (null) shows
 * as one difference at the root.
 */
export interface SetupDifference {
  /** Dotted path into the problem; "" for the whole problem. */
  path: string;
  naive: unknown;
  reference: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function setupDiff(naive: unknown, reference: unknown, path = ''): SetupDifference[] {
  if (isRecord(naive) && isRecord(reference)) {
    const keys = [...new Set([...Object.keys(naive), ...Object.keys(reference)])];
    return keys.flatMap((k) => setupDiff(naive[k], reference[k], path === '' ? k : `${path}.${k}`));
  }
  if (Array.isArray(naive) && Array.isArray(reference) && naive.length === reference.length) {
    return naive.flatMap((v, i) => setupDiff(v, reference[i], `${path}[${i}]`));
  }
  return JSON.stringify(naive) === JSON.stringify(reference) ? [] : [{ path, naive, reference }];
}

/** A value as the diff shows it: JSON, "absent" for a missing field; at the root, what the side does (its JSON is in its column). */
export function showSetupValue(v: unknown, atRoot: boolean): string {
  if (v === undefined) return 'absent';
  if (atRoot && v === null) return 'declines (no problem to solve)';
  if (atRoot) return 'solves the problem shown in its column below';
  return JSON.stringify(v);
}
