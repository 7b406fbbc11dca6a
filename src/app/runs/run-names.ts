/**
 * Names that tell stored runs apart wherever several are listed together (compare pickers,
 * leaderboards, plots, the Runs table). A run's label is its agent or model, so repeated runs of one
 * agent all share it ("Uniform random 64" four times); store ids only differed by a "~2"/"~3"
 * suffix. A name keeps the plain label when it is unique among the runs shown, and otherwise adds
 * only as many distinguishing parts as the group needs: the selection, the seed, the start time to
 * the second, and finally the run id's own tail (with "copy N" for an imported copy of a stored run).
 */
import type { StoredRunSummary } from '../../core/store/run-store.ts';

export type RunNameInput = Pick<StoredRunSummary, 'store_id' | 'run_id' | 'label' | 'started_at' | 'seed' | 'task_count' | 'recipe'>;

/** "P1 dev, 80 tasks" from the run's recorded filters; null when the run carries none (an import). */
export function selectionText(s: RunNameInput): string | null {
  if (!s.recipe) return null;
  const filters = Object.entries(s.recipe.filters)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, v]) => v);
  return `${filters.length > 0 ? filters.join(' ') : 'all tasks'}, ${s.task_count} tasks`;
}

/** "2026-12-02 00:40:12 UTC": to the second, since repeated runs often start within the same minute. */
export function startedText(iso: string): string {
  return `${iso.slice(0, 19).replace('T', ' ')} UTC`;
}

/** The run id's last 6 characters, and for an imported copy (store id `<run id>~N`) "copy N". */
function idTail(s: RunNameInput): string {
  const copy = s.store_id.startsWith(`${s.run_id}~`) ? ` copy ${s.store_id.slice(s.run_id.length + 1)}` : '';
  return `#${s.run_id.slice(-6)}${copy}`;
}

function parts(s: RunNameInput): string[] {
  return [selectionText(s) ?? `${s.task_count} tasks`, `seed ${s.seed}`, startedText(s.started_at), idTail(s)];
}

const allDistinct = (names: readonly string[]): boolean => new Set(names).size === names.length;

/** Store id → the shortest name that tells the run apart from the others given. */
export function runNames(runs: readonly RunNameInput[]): Map<string, string> {
  const byLabel = new Map<string, RunNameInput[]>();
  for (const r of runs) byLabel.set(r.label, [...(byLabel.get(r.label) ?? []), r]);
  const names = new Map<string, string>();
  for (const [label, group] of byLabel) {
    if (group.length === 1) {
      names.set(group[0]?.store_id ?? '', label);
      continue;
    }
    const maxParts = parts(group[0] as RunNameInput).length;
    for (let k = 1; k <= maxParts; k++) {
      const candidate = group.map((r) => [label, ...parts(r).slice(0, k)].join(' · '));
      if (allDistinct(candidate) || k === maxParts) {
        group.forEach((r, i) => names.set(r.store_id, candidate[i] ?? label));
        break;
      }
    }
  }
  return names;
}

/** The name of one run among `runs` (its label when it is not among them). */
export function runName(names: ReadonlyMap<string, string>, s: Pick<StoredRunSummary, 'store_id' | 'label'>): string {
  return names.get(s.store_id) ?? s.label;
}
