/**
 * The page's one run store and the react-query hooks that read it. The store is IndexedDB when the
 * browser lets us open it, else memory (private windows): the page still works, and
 * `useRunStoreBackend` carries a warning that runs will not survive a reload. Every write through
 * the store invalidates exactly the queries it changed (see ObservableRunStore).
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { markOrphanedRuns } from '../../adapters/browser/run-locks.ts';
import { openIdbRunStore } from '../../adapters/browser/runs-db.ts';
import { SUITES } from '../../core/suites.ts';
import { readStorageEstimate } from '../../adapters/browser/storage-estimate.ts';
import { MemoryRunStore } from '../../core/store/memory-run-store.ts';
import { ObservableRunStore, type RunStoreChange } from '../../core/store/observable-run-store.ts';
import type { RunStore } from '../../core/store/run-store.ts';

export interface RunStoreBackend {
  kind: 'indexeddb' | 'memory';
  /** Set when the page fell back to memory: what happened and what it means for the user. */
  warning: string | null;
}

/** Query keys; a run's rows and transcripts sit under its detail key, so one invalidation covers all three. */
export const runsQueryKeys = {
  all: ['runs'] as const,
  list: () => ['runs', 'list'] as const,
  detail: (storeId: string) => ['runs', 'detail', storeId] as const,
  rows: (storeId: string) => ['runs', 'detail', storeId, 'rows'] as const,
  transcript: (storeId: string, taskIndex: number) => ['runs', 'detail', storeId, 'transcript', taskIndex] as const,
  estimate: () => ['runs', 'storage-estimate'] as const,
  backend: () => ['runs', 'backend'] as const,
};

/**
 * Before this tab reads or writes anything: runs left `running` by a closed tab become interrupted.
 * A damaged record must not keep the page from opening, so a failure here is only logged.
 */
async function markOrphans(store: RunStore): Promise<void> {
  try {
    await markOrphanedRuns(store);
  } catch (e) {
    console.warn('Could not check for interrupted runs:', e);
  }
}

async function chooseBackend(): Promise<{ store: RunStore; backend: RunStoreBackend }> {
  try {
    // Only a failed open falls back: a damaged record is reported by the read that meets it, and the
    // user can still delete it, rather than every stored run silently disappearing behind memory.
    const store = await openIdbRunStore(SUITES);
    await markOrphans(store);
    return { store, backend: { kind: 'indexeddb', warning: null } };
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    return {
      store: new MemoryRunStore(),
      backend: { kind: 'memory', warning: `Runs are kept in memory only and will be lost when this tab closes or reloads (${why}). Private windows often block storage.` },
    };
  }
}

let shared: { store: ObservableRunStore; backend: Promise<RunStoreBackend> } | null = null;

function sharedStore(): { store: ObservableRunStore; backend: Promise<RunStoreBackend> } {
  if (!shared) {
    const chosen = chooseBackend();
    shared = { store: new ObservableRunStore(chosen.then((c) => c.store)), backend: chosen.then((c) => c.backend) };
  }
  return shared;
}

/** The page's single run store (IndexedDB, or memory when IndexedDB cannot be opened). */
export function getRunStore(): ObservableRunStore {
  return sharedStore().store;
}

/** Which backend the store ended up on (waits for the database to open or fail). */
export function getRunStoreBackend(): Promise<RunStoreBackend> {
  return sharedStore().backend;
}

/**
 * A fast agent commits hundreds of tasks a second; refetching lists, rows and the storage estimate
 * after each would cost more than the run. Task commits are gathered and applied at most this
 * often; any other write (begin, finish, import, delete…) applies everything at once.
 */
const INVALIDATE_INTERVAL_MS = 1000;

function invalidator(client: QueryClient): (change: RunStoreChange) => void {
  let all = false;
  const runs = new Map<string, boolean>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    timer = null;
    void client.invalidateQueries({ queryKey: runsQueryKeys.estimate() });
    if (all) void client.invalidateQueries({ queryKey: runsQueryKeys.all });
    else {
      void client.invalidateQueries({ queryKey: runsQueryKeys.list() });
      for (const [storeId, rows] of runs) void client.invalidateQueries({ queryKey: runsQueryKeys.detail(storeId), exact: !rows });
    }
    all = false;
    runs.clear();
  };
  return (change) => {
    if (change.kind === 'all') all = true;
    else runs.set(change.storeId, (runs.get(change.storeId) ?? false) || change.kind === 'task' || change.rows);
    if (change.kind === 'task') {
      timer ??= setTimeout(flush, INVALIDATE_INTERVAL_MS);
      return;
    }
    if (timer !== null) clearTimeout(timer);
    flush();
  };
}

/** One subscription per query client however many hooks are mounted (refcounted). */
const connections = new Map<QueryClient, { count: number; unsubscribe: () => void }>();

function useStoreInvalidation(): void {
  const client = useQueryClient();
  useEffect(() => {
    let c = connections.get(client);
    if (!c) {
      c = { count: 0, unsubscribe: getRunStore().subscribe(invalidator(client)) };
      connections.set(client, c);
    }
    c.count++;
    return () => {
      const cur = connections.get(client);
      if (!cur) return;
      cur.count--;
      if (cur.count === 0) {
        cur.unsubscribe();
        connections.delete(client);
      }
    };
  }, [client]);
}

/** Every stored run's summary, newest first. */
export function useStoredRuns() {
  useStoreInvalidation();
  return useQuery({ queryKey: runsQueryKeys.list(), queryFn: () => getRunStore().listRuns(), retry: false });
}

/** One run (summary, manifest, metrics); null data when it is not stored. Disabled for a null id. */
export function useStoredRun(storeId: string | null) {
  useStoreInvalidation();
  return useQuery({
    queryKey: runsQueryKeys.detail(storeId ?? ''),
    queryFn: () => getRunStore().getRun(storeId ?? ''),
    enabled: storeId !== null,
    retry: false,
  });
}

/** A run's rows in task_index order (no transcripts). */
export function useRunRows(storeId: string | null) {
  useStoreInvalidation();
  return useQuery({
    queryKey: runsQueryKeys.rows(storeId ?? ''),
    queryFn: () => getRunStore().readRows(storeId ?? ''),
    enabled: storeId !== null,
    retry: false,
  });
}

/** One task's transcript; null data when that task has none stored. */
export function useRunTranscript(storeId: string | null, taskIndex: number | null) {
  useStoreInvalidation();
  return useQuery({
    queryKey: runsQueryKeys.transcript(storeId ?? '', taskIndex ?? -1),
    queryFn: () => getRunStore().readTranscript(storeId ?? '', taskIndex ?? -1),
    enabled: storeId !== null && taskIndex !== null,
    retry: false,
  });
}

/**
 * Bytes used and available to this origin, and whether its storage is persistent (refreshed after
 * every write). Read only once the run store is open: in a browser just started, Chromium counts
 * the origin's IndexedDB as 0 B until a database of it has been opened, so an earlier read showed
 * "0 B" beside a list of stored runs.
 */
export function useStorageEstimate() {
  useStoreInvalidation();
  return useQuery({
    queryKey: runsQueryKeys.estimate(),
    queryFn: async () => {
      await getRunStoreBackend();
      return readStorageEstimate();
    },
    retry: false,
    staleTime: 0,
  });
}

/** IndexedDB or the memory fallback, with the warning to show for the latter. */
export function useRunStoreBackend() {
  return useQuery({ queryKey: runsQueryKeys.backend(), queryFn: getRunStoreBackend, retry: false });
}
