/**
 * Generic backend registry in the style of tfjs: each backend registers a factory with a priority,
 * and `selectBackend()` tries them from the highest priority down, falling back when a factory
 * throws (WASM missing, CSP forbids compile, layout mismatch, ...). Every skipped backend keeps its
 * reason so the CLI and the page can say "wasm unavailable: …" instead of silently running slower.
 * The choice is made once: later calls return the same selection, so one process never mixes backends.
 */

export type BackendFactory<T> = () => Promise<T> | T;

export interface SkippedBackend {
  readonly id: string;
  readonly reason: string;
}

export interface SelectedBackend<T> {
  readonly id: string;
  readonly backend: T;
  /** Higher-priority backends that failed, in the order they were tried. */
  readonly skipped: readonly SkippedBackend[];
}

export interface BackendRegistry<T> {
  /** Adds a backend; registering an id twice is a programming error and throws. */
  register(id: string, priority: number, factory: BackendFactory<T>): void;
  /** Registered ids, highest priority first (ties keep registration order). */
  ids(): string[];
  /** Builds one named backend, bypassing selection (the parity suite checks each one). */
  create(id: string): Promise<T>;
  /** Picks the best backend that builds; memoised, so the first call decides for the process. */
  selectBackend(): Promise<SelectedBackend<T>>;
}

interface Entry<T> {
  readonly id: string;
  readonly priority: number;
  readonly factory: BackendFactory<T>;
  readonly order: number;
}

export class NoBackendError extends Error {
  readonly skipped: readonly SkippedBackend[];
  constructor(skipped: readonly SkippedBackend[]) {
    super(
      skipped.length === 0
        ? 'no backend registered'
        : `no backend available: ${skipped.map(describeSkipped).join('; ')}`,
    );
    this.name = 'NoBackendError';
    this.skipped = skipped;
  }
}

/** "wasm unavailable: <reason>", the line the UI and CLI show for a skipped backend. */
export function describeSkipped(s: SkippedBackend): string {
  return `${s.id} unavailable: ${s.reason}`;
}

function reasonOf(e: unknown): string {
  if (e instanceof Error) return e.message || e.name;
  return String(e);
}

export function createBackendRegistry<T>(): BackendRegistry<T> {
  const entries: Entry<T>[] = [];
  let selection: Promise<SelectedBackend<T>> | undefined;

  const sorted = (): Entry<T>[] => entries.slice().sort((x, y) => y.priority - x.priority || x.order - y.order);

  const find = (id: string): Entry<T> => {
    const entry = entries.find((e) => e.id === id);
    if (!entry) throw new Error(`unknown backend "${id}"; registered: ${sorted().map((e) => e.id).join(', ') || 'none'}`);
    return entry;
  };

  const select = async (): Promise<SelectedBackend<T>> => {
    const skipped: SkippedBackend[] = [];
    for (const entry of sorted()) {
      try {
        // Await inside try so both sync throws and async rejections count as "unavailable".
        const backend = await entry.factory();
        return { id: entry.id, backend, skipped };
      } catch (e) {
        skipped.push({ id: entry.id, reason: reasonOf(e) });
      }
    }
    throw new NoBackendError(skipped);
  };

  return {
    register(id, priority, factory) {
      if (entries.some((e) => e.id === id)) throw new Error(`backend "${id}" is already registered`);
      if (selection) throw new Error(`backend "${id}" registered after a backend was selected`);
      entries.push({ id, priority, factory, order: entries.length });
    },
    ids: () => sorted().map((e) => e.id),
    create: async (id) => find(id).factory(),
    selectBackend() {
      selection ??= select();
      return selection;
    },
  };
}
