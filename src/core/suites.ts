/**
 * The composition root of the suites: every benchmark the build ships, registered once. The CLI and
 * the page take suites from here; generic layers receive a suite (or this registry) as an argument
 * and never import a suite folder themselves (eslint.config.js).
 */
import { SuiteRegistry } from './suite/registry.ts';
import { vehSuite } from './veh/suite.ts';
import { circuitSuite } from './circuit-audit/suite.ts';
import { photonicsAgentSuite } from './photonics-agent/suite.ts';
import { designSuite } from './design/suite.ts';
import { reproductionSuite } from './reproduction/suite.ts';

export const SUITES = new SuiteRegistry([vehSuite, circuitSuite, photonicsAgentSuite, designSuite, reproductionSuite]);
