/** Shared by the export tests: real runs of built-in agents over the hand-made fixture bank. */
import { runVehSuite, type VehRunResult } from '../veh/run/run-veh.ts';
import { getBuiltinAgent } from '../veh/agents/index.ts';
import { fixtureBank, fixtureOracle } from '../veh/protocol/test-fixtures.ts';
import { fixtureClock } from '../veh/protocol/test-session.ts';
import type { ExportMeta } from './run-export.ts';

export const FIXTURE_BANK_HASH = 'fixture-bank-hash';

export const EXPORT_META: ExportMeta = { exported_at: '2026-01-02T03:04:05.000Z', app_version: 't', build_id: 'abc123', suite_version: 'veh-bank/test' };

export function fixtureRun(agent: 'reference' | 'random' = 'random'): Promise<VehRunResult> {
  return runVehSuite({ tasks: fixtureBank(), agent: getBuiltinAgent(agent), oracle: fixtureOracle, clock: fixtureClock(), seed: 5, appVersion: 't', bankHash: FIXTURE_BANK_HASH });
}
