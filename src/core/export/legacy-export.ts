/**
 * Run export version 1 (before the suite contract): VEHBench runs only (`suite.id` "veh"), and each
 * task line named its group `probe`. Read as version 2 by renaming that field; everything else —
 * the suite's parts, the content hash, the task lines re-derived — is checked exactly as for a
 * version 2 file, so a version 1 file imports and verifies, and one edited after export does not.
 */
import { ImportError } from '../verify/import.ts';
import { RUN_EXPORT_VERSION } from './run-export.ts';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function upgradeExportV1(what: string, raw: Record<string, unknown>): Record<string, unknown> {
  const suite = raw.suite;
  if (!isRecord(suite) || suite.id !== 'veh') throw new ImportError(`${what} is run export version 1, which only held VEHBench runs, but its suite.id is ${JSON.stringify(isRecord(suite) ? suite.id : suite)}`);
  const tasks = Array.isArray(raw.tasks)
    ? raw.tasks.map((t: unknown) => {
        if (!isRecord(t) || !Object.hasOwn(t, 'probe')) return t;
        const { probe, ...rest } = t;
        return { ...rest, group: probe };
      })
    : raw.tasks;
  return { ...raw, format_version: RUN_EXPORT_VERSION, tasks };
}
