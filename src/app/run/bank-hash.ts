import type { BankManifest } from '../../core/veh/task-schema.ts';

/**
 * Identifies the bank a run used: the bank files' own sha256 digests, in manifest order, so two
 * runs can be compared only when they ran on the same bytes.
 */
export function bankHashOf(manifest: BankManifest): string {
  return manifest.banks.map((b) => `${b.probe}:${b.sha256}`).join(',');
}
