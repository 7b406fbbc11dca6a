/**
 * The stored-run tests' recipe (stored-run.test.ts, stored-run-batched.test.ts): the random VEH agent
 * over the fixture bank. The random agent draws from its per-task RNG, so it shows whether a resumed
 * task saw the same stream.
 */
import type { VehResolvedOptions } from '../veh/run/run-veh.ts';
import type { Transcript } from '../veh/run/transcript.ts';
import type { VehOracle } from '../veh/run/types.ts';
import type { VehRow } from '../veh/rows.ts';
import type { VehTask } from '../veh/task-schema.ts';
import { getBuiltinAgent } from '../veh/agents/index.ts';
import { fixtureBank, fixtureOracle } from '../veh/protocol/test-fixtures.ts';
import { fixtureClock } from '../veh/protocol/test-session.ts';
import type { RunStore } from './run-store.ts';
import type { StoredRunOptions } from './stored-run.ts';

export const TEST_BANK_HASH = 'bank-1';

export type VehStoredRunOptions = StoredRunOptions<VehTask, VehOracle, VehResolvedOptions, VehRow, Transcript>;

export function randomAgentRunOptions(store: RunStore, extra: Partial<VehStoredRunOptions> = {}): VehStoredRunOptions {
  return {
    store,
    label: 'Random',
    model: null,
    tasks: fixtureBank(),
    agent: getBuiltinAgent('random'),
    env: fixtureOracle,
    options: { p3Variant: 'raw_history' },
    clock: fixtureClock(),
    seed: 5,
    appVersion: '0.0.0-test',
    bankHash: TEST_BANK_HASH,
    filters: { split: 'dev' },
    ...extra,
  };
}
