/**
 * The suite registry: the one place generic layers look a suite up by id. It is filled by the
 * composition root (src/core/suites.ts), which is the only module allowed to import every suite;
 * the registry itself knows none.
 */
import type { AnySuite } from './contract.ts';

export class UnknownSuiteError extends Error {
  constructor(id: string, known: readonly string[]) {
    super(`unknown suite "${id}": known suites are ${known.join(', ')}`);
    this.name = 'UnknownSuiteError';
  }
}

export class SuiteRegistry {
  private readonly byId = new Map<string, AnySuite>();

  constructor(suites: readonly AnySuite[] = []) {
    for (const s of suites) this.register(s);
  }

  register(suite: AnySuite): void {
    const id = suite.descriptor.id;
    if (this.byId.has(id)) throw new Error(`suite "${id}" is registered twice`);
    this.byId.set(id, suite);
  }

  /** The suite with this id; throws UnknownSuiteError naming the known ones. */
  get(id: string): AnySuite {
    const s = this.byId.get(id);
    if (!s) throw new UnknownSuiteError(id, this.ids());
    return s;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  ids(): string[] {
    return [...this.byId.keys()];
  }

  list(): AnySuite[] {
    return [...this.byId.values()];
  }
}
