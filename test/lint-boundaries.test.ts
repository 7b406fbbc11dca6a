/**
 * The layer rules of eslint.config.js hold: a generic layer that imports a suite, core code that
 * imports the page or an adapter, and statistics that import the agent layer are each lint errors.
 * (The rule is what keeps the suite contract honest; this proves it fires.)
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function restricted(code: string, filePath: string): Promise<string[]> {
  const [r] = await eslint.lintText(code, { filePath });
  return (r?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('layer boundaries', () => {
  it.each([
    ['src/core/run/probe.ts', "import { vehSuite } from '../veh/suite.ts';\nexport const s = vehSuite;\n"],
    ['src/core/verify/probe.ts', "import { circuitSuite } from '../circuit-audit/suite.ts';\nexport const s = circuitSuite;\n"],
    ['src/core/agent/probe.ts', "import { SUITES } from '../suites.ts';\nexport const s = SUITES;\n"],
    ['src/core/suite/probe.ts', "import { PROBES } from '../veh/task-schema.ts';\nexport const p = PROBES;\n"],
    ['src/core/store/probe.ts', "import type { VehRow } from '../veh/rows.ts';\nexport type R = VehRow;\n"],
    ['src/core/export/probe.ts', "import { vehSuite } from '../veh/suite.ts';\nexport const s = vehSuite;\n"],
    ['src/core/leaderboard/probe.ts', "import { PROBES } from '../veh/task-schema.ts';\nexport const p = PROBES;\n"],
    ['src/core/analyses/probe.ts', "import { CIRCUIT_ANALYSES } from '../circuit-audit/analyses/index.ts';\nexport const a = CIRCUIT_ANALYSES;\n"],
  ])('%s may not import a suite', async (file, code) => {
    expect(await restricted(code, file)).toEqual([expect.stringMatching(/only src\/core\/suites\.ts imports suites/)]);
  });

  it('core may not import the page or an adapter; stats may not import the agent layer', async () => {
    expect(await restricted("import { x } from '../../app/x.ts';\nexport const y = x;\n", 'src/core/veh/probe.ts')).toEqual([expect.stringMatching(/src\/core is pure/)]);
    expect(await restricted("import { x } from '../../adapters/node/x.ts';\nexport const y = x;\n", 'src/core/run/probe.ts')).toEqual([expect.stringMatching(/src\/core is pure/)]);
    expect(await restricted("import type { Rng } from '../agent/types.ts';\nexport type R = Rng;\n", 'src/core/stats/probe.ts')).toEqual([expect.stringMatching(/stats must not depend/)]);
  });

  it('a suite folder and the composition root may import suites', async () => {
    expect(await restricted("import { PROBES } from '../veh/task-schema.ts';\nexport const p = PROBES;\n", 'src/core/circuit-audit/probe.ts')).toEqual([]);
    expect(await restricted("import { vehSuite } from './veh/suite.ts';\nexport const s = vehSuite;\n", 'src/core/suites.ts')).toEqual([]);
  });
});
