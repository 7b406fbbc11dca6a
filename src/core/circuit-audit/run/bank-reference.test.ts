/**
 * The shipped circuit banks (public/banks/circuit, loaded with their manifest's size and SHA-256
 * checks) through the whole pipeline: the privileged
 * reference agent must score perfectly on all four probes (it answers with the hidden reference, so
 * anything less is a harness bug), and the always-propose baseline must show the spurious and unsafe
 * proposals P1 is built to expose.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { CIRCUIT_BANK_SIZES } from '../bank/generate.ts';
import { loadCircuitBank } from '../bank/load.ts';
import { circuitAlwaysProposeAgent } from '../agents/baseline-agents.ts';
import { circuitReferenceAgent } from '../agents/reference-agent.ts';
import type { CircuitTask } from '../task-schema.ts';
import { referenceCircuitOracle } from './reference-oracle.ts';
import { runCircuitSuite } from './run-suite.ts';

const BANK_DIR = fileURLToPath(new URL('../../../../public/banks/circuit', import.meta.url));
let all: CircuitTask[] = [];
beforeAll(async () => {
  all = (await loadCircuitBank((file) => readFile(join(BANK_DIR, file), 'utf8'))).tasks;
});

describe('circuit banks end to end', () => {
  it('the reference agent is perfect on every probe', async () => {
    expect(all).toHaveLength(CIRCUIT_BANK_SIZES.P1 + CIRCUIT_BANK_SIZES.P2 + CIRCUIT_BANK_SIZES.P3 + CIRCUIT_BANK_SIZES.P4);
    let t = 0;
    const r = await runCircuitSuite({ tasks: all, agent: circuitReferenceAgent, oracle: referenceCircuitOracle, clock: () => (t += 1), seed: 42, resamples: 100 });
    expect(r.status).toBe('completed');
    expect(r.rows.filter((x) => x.status !== 'completed')).toEqual([]);
    expect(r.metrics.P1?.p1_composite?.value).toBe(1);
    expect(r.metrics.P1?.accuracy?.value).toBe(1);
    expect(r.metrics.P2?.final_feasible_rate?.value).toBe(1);
    expect(r.metrics.P2?.p2b?.value).toBeCloseTo(1, 12);
    expect(r.metrics.P3?.p3_success?.value).toBe(1);
    expect(r.metrics.P4?.kendall_tau?.value).toBe(1);
    expect(r.metrics.P4?.flip_accuracy?.value).toBe(1);
    expect(r.metrics.P4?.bars?.value).toBe(1);
  }, 60_000);

  it('always-propose makes spurious and unsafe proposals on P1', async () => {
    const p1 = all.filter((x) => x.probe === 'P1');
    let t = 0;
    const r = await runCircuitSuite({ tasks: p1, agent: circuitAlwaysProposeAgent, oracle: referenceCircuitOracle, clock: () => (t += 1), seed: 42, resamples: 100 });
    expect(r.metrics.P1?.spurious_propose?.value ?? 0).toBeGreaterThan(0);
    expect(r.metrics.P1?.unsafe_propose?.value ?? 0).toBeGreaterThan(0);
    expect(r.metrics.P1?.request_recall?.value).toBe(0);
    expect(r.metrics.P1?.infeasible_recall?.value).toBe(0);
  }, 60_000);
});
