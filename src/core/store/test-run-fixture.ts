/**
 * A real run to store in tests: the reference agent over the small fixture bank (16 tasks, all four
 * probes), so stored rows and transcripts are exactly what the engine produces, not hand-made stand-ins.
 */
import { runVehSuite, type VehRunResult } from '../veh/run/run-veh.ts';
import { getBuiltinAgent } from '../veh/agents/index.ts';
import { fixtureBank, fixtureOracle } from '../veh/protocol/test-fixtures.ts';
import { fixtureClock } from '../veh/protocol/test-session.ts';
import type { RunRecipe } from './run-store.ts';

export type FixtureRunResult = VehRunResult;

export const FIXTURE_SEED = 11;
export const FIXTURE_BANK_HASH = 'fixture-bank-hash';

let cached: Promise<VehRunResult> | null = null;

export function fixtureRun(): Promise<VehRunResult> {
  cached ??= runVehSuite({
    tasks: fixtureBank(),
    agent: getBuiltinAgent('reference'),
    oracle: fixtureOracle,
    clock: fixtureClock(),
    seed: FIXTURE_SEED,
    appVersion: '0.0.0-test',
    bankHash: FIXTURE_BANK_HASH,
    filters: {},
  });
  return cached;
}

export function fixtureRecipe(taskIds: readonly string[]): RunRecipe {
  return { suite: 'veh', agent_id: 'reference', seed: FIXTURE_SEED, options: { p3Variant: 'raw_history' }, filters: {}, bank_hash: FIXTURE_BANK_HASH, task_ids: [...taskIds], app_version: '0.0.0-test' };
}
