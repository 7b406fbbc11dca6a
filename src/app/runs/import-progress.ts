/**
 * What the Runs page says while a file imports in the worker: the file (and which of several), then
 * bytes read as a percentage, then the step the checks are in. The worker can measure only reading;
 * parsing and validating are named, not given a made-up percentage.
 */
import type { ImportProgress } from '../../../workers/run-import-api.ts';

export interface ImportProgressView {
  /** "Importing run.json (2 of 3): reading 45 % (90.0 of 200.0 MiB)" */
  text: string;
  /** 0…1 while reading; null for a step without a measure (an indeterminate bar). */
  fraction: number | null;
}

const mib = (bytes: number): string => (bytes / (1024 * 1024)).toFixed(1);

export function describeImportProgress(name: string, index: number, count: number, p: ImportProgress | null): ImportProgressView {
  const which = count > 1 ? ` (${index + 1} of ${count})` : '';
  const head = `Importing ${name}${which}`;
  if (p === null) return { text: `${head}…`, fraction: null };
  switch (p.phase) {
    case 'reading': {
      const fraction = p.total_bytes > 0 ? Math.min(1, p.loaded_bytes / p.total_bytes) : 1;
      return { text: `${head}: reading ${Math.floor(fraction * 100)} % (${mib(p.loaded_bytes)} of ${mib(p.total_bytes)} MiB)`, fraction };
    }
    case 'parsing':
      return { text: `${head}: parsing the JSON`, fraction: null };
    case 'validating':
      return { text: `${head}: checking the schema, content hash and every task line`, fraction: null };
    case 'signature':
      return { text: `${head}: checking the signature`, fraction: null };
    case 'dedupe':
      return { text: `${head}: looking for the same run among those stored`, fraction: null };
    case 'storing':
      return { text: `${head}: storing the run`, fraction: null };
  }
}
