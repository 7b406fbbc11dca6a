/** The CLI side of each registered suite, by suite id (src/core/suites.ts registers the suites). */
import { circuitCli } from './circuit.ts';
import { photonicsAgentCli } from './photonics-agent.ts';
import { designCli } from './design.ts';
import { reproductionCli } from './reproduction.ts';
import type { CliSuitePlugin } from './types.ts';
import { vehCli } from './veh.ts';

const PLUGINS: Readonly<Record<string, CliSuitePlugin>> = { veh: vehCli as CliSuitePlugin, circuit: circuitCli as CliSuitePlugin, 'photonics-agent': photonicsAgentCli as CliSuitePlugin, design: designCli as CliSuitePlugin, reproduction: reproductionCli as CliSuitePlugin };

/** A suite without CLI extras runs with its facets, agents and default options only. */
const PLAIN: CliSuitePlugin = { flags: {}, usage: [], select: ({ filtered }) => Promise.resolve({ tasks: [...filtered], options: {}, filters: {}, warnings: [] }) };

export function cliPluginOf(suiteId: string): CliSuitePlugin {
  return Object.hasOwn(PLUGINS, suiteId) ? (PLUGINS[suiteId] as CliSuitePlugin) : PLAIN;
}
