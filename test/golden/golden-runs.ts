/**
 * The four full runs whose bytes are pinned across refactors of the run engine (issue 14): the
 * reference and the uniform-random agent over every task of the VEH and the circuit-audit banks,
 * with the Node WASM oracles, seed 42 and a counting clock (so timings are part of the bytes too).
 */
import { sha256Hex } from '../../src/core/hash/sha256.ts';
import { getBuiltinAgent } from '../../src/core/veh/agents/index.ts';
import { loadVehBank } from '../../src/core/veh/bank/load.ts';
import { runVehSuite } from '../../src/core/veh/run/run-veh.ts';
import { renderResultsMarkdown, toResultsFile } from '../../src/core/veh/run/results-file.ts';
import { createNodeVehOracle } from '../../src/adapters/node/veh-wasm.ts';
import { createNodeCircuitOracle } from '../../src/adapters/node/circuit-wasm.ts';
import { DEFAULT_CIRCUIT_BANK_DIR, DEFAULT_VEH_BANK_DIR, bankHash, bankTextReader } from '../../src/adapters/node/run-files.ts';
import { loadCircuitBank } from '../../src/core/circuit-audit/bank/load.ts';
import { getCircuitAgent } from '../../src/core/circuit-audit/agents/index.ts';
import { runCircuitSuite } from '../../src/core/circuit-audit/run/run-suite.ts';
import { renderCircuitResultsMarkdown, toCircuitResultsFile } from '../../src/core/circuit-audit/run/results-file.ts';

export interface GoldenHashes {
  rows: string;
  metrics: string;
  transcripts: string;
  manifest: string;
  results_json: string;
  results_md: string;
}

export const GOLDEN_CASES = ['veh/reference', 'veh/random', 'circuit/reference', 'circuit/random'] as const;
export type GoldenCase = (typeof GOLDEN_CASES)[number];

const SEED = 42;
const APP_VERSION = 'golden';

function countingClock(): () => number {
  let t = Date.UTC(2026, 0, 1);
  return () => (t += 1);
}

function hashes(r: { rows: unknown; metrics: unknown; transcripts: unknown; manifest: unknown }, resultsJson: unknown, md: string): GoldenHashes {
  const h = (v: unknown): string => sha256Hex(JSON.stringify(v));
  return { rows: h(r.rows), metrics: h(r.metrics), transcripts: h(r.transcripts), manifest: h(r.manifest), results_json: h(resultsJson), results_md: sha256Hex(md) };
}

export async function goldenRun(c: GoldenCase): Promise<GoldenHashes> {
  const [suite, agentId] = c.split('/') as [string, string];
  if (suite === 'veh') {
    const { tasks } = await loadVehBank(bankTextReader(DEFAULT_VEH_BANK_DIR));
    const oracle = await createNodeVehOracle();
    const r = await runVehSuite({ tasks, agent: getBuiltinAgent(agentId), oracle, clock: countingClock(), seed: SEED, appVersion: APP_VERSION, bankHash: await bankHash(DEFAULT_VEH_BANK_DIR) });
    return hashes(r, toResultsFile(r), renderResultsMarkdown(r));
  }
  const { tasks } = await loadCircuitBank(bankTextReader(DEFAULT_CIRCUIT_BANK_DIR));
  const oracle = await createNodeCircuitOracle();
  const r = await runCircuitSuite({ tasks, agent: getCircuitAgent(agentId), oracle, clock: countingClock(), seed: SEED, appVersion: APP_VERSION, bankHash: await bankHash(DEFAULT_CIRCUIT_BANK_DIR) });
  return hashes(r, toCircuitResultsFile(r), renderCircuitResultsMarkdown(r));
}
