/**
 * Wall time of a full reference-agent run over every task of the VEH bank in Node (WASM oracle),
 * split into episodes (agent turns, oracle calls, transcripts) and metrics (bootstrap intervals).
 * The issue's target is under 5 s for all 763 tasks. Run: npx tsx bench/reference-run.ts
 */
import { performance } from 'node:perf_hooks';
import { createNodeVehOracle } from '../src/adapters/node/veh-wasm.ts';
import { DEFAULT_VEH_BANK_DIR, bankTextReader } from '../src/adapters/node/run-files.ts';
import { getBuiltinAgent } from '../src/core/veh/agents/index.ts';
import { loadVehBank } from '../src/core/veh/bank/load.ts';
import { runVehSuite } from '../src/core/veh/run/run-veh.ts';
import { DEFAULT_RUN_SEED } from '../src/core/run/types.ts';

const ROUNDS = 3;

async function main(): Promise<void> {
  const loadStart = performance.now();
  const { tasks } = await loadVehBank(bankTextReader(DEFAULT_VEH_BANK_DIR));
  const oracle = await createNodeVehOracle();
  const loadMs = performance.now() - loadStart;
  const agent = getBuiltinAgent('reference');
  const clock = (): number => Date.now();
  const times: number[] = [];
  let headline = '';
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    const result = await runVehSuite({ tasks, agent, oracle, clock, seed: DEFAULT_RUN_SEED });
    times.push(performance.now() - start);
    const v = (probe: 'P1' | 'P2' | 'P3' | 'P4', key: string): string => result.metrics[probe]?.[key]?.value?.toFixed(3) ?? 'n/a';
    headline = `p1_composite ${v('P1', 'p1_composite')}, p2b ${v('P2', 'p2b')}, p3_success ${v('P3', 'p3_success')}, kendall_tau ${v('P4', 'kendall_tau')}`;
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`Reference agent, all ${tasks.length} VEH tasks, Node ${process.version}, oracle ${oracle.backendId}`);
  console.log(`  bank load + oracle init: ${loadMs.toFixed(0)} ms`);
  console.log(`  full run (episodes + rows + metrics), ${ROUNDS} rounds: ${times.map((t) => `${(t / 1000).toFixed(2)} s`).join(', ')} (median ${(sorted[1]! / 1000).toFixed(2)} s; target < 5 s)`);
  console.log(`  ${headline}`);
}

await main();
