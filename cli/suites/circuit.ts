/** The circuit audit's CLI flag: the P3 opening (raw corrupted history or the verifier-written state summary). */
import type { CircuitRunOptionsOfSuite } from '../../src/core/circuit-audit/run/run-suite.ts';
import type { CircuitTask } from '../../src/core/circuit-audit/task-schema.ts';
import type { CliSuitePlugin } from './types.ts';
import { parseP3Variant } from './veh.ts';

export const circuitCli: CliSuitePlugin<CircuitTask, CircuitRunOptionsOfSuite> = {
  flags: { 'p3-variant': { type: 'string' } },
  usage: ['[--p3-variant raw_history|state_summary]'],
  check(values) {
    parseP3Variant(values['p3-variant'] as string | undefined);
  },
  select({ values, filtered }) {
    const p3 = parseP3Variant(values['p3-variant'] as string | undefined);
    return Promise.resolve({ tasks: [...filtered], options: p3 === 'state_summary' ? { p3Variant: p3 } : {}, filters: {}, warnings: [] });
  },
};
