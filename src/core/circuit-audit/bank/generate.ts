/**
 * Deterministic circuit task-bank generator (Appendix R inventory: P1 32, P2 32, P3 18, P4 24).
 * Families rotate rc_lowpass → rl_lowpass → rlc_bandpass → divider across each bank. Splits: the
 * second-order rlc_bandpass family is held out as test_ood; the other families' tasks go one in three
 * to dev, the rest to test_id. Every random draw comes from a per-task seed derived from the bank
 * seed, the task id and an attempt counter (a draw that fails its own checks is redrawn), so the same
 * seed and generator version give the same bytes.
 */
import { sha256Hex } from '../../hash/sha256.ts';
import { createRng, deriveSeed } from '../../stats/rng.ts';
import { P1_SUBTYPES, POLICIES, PROBES, SPLITS, TRAP_TYPES, type Probe, type Split } from '../../veh/task-schema.ts';
import { CIRCUIT_FAMILIES, type CircuitFamily } from '../oracle.ts';
import type { CircuitBankManifest, CircuitP1Task, CircuitP2Task, CircuitP3Task, CircuitP4Task, CircuitTask } from '../task-schema.ts';
import { CIRCUIT_GENERATOR_VERSION, CIRCUIT_ORACLE_ID } from './common.ts';
import { buildN8Task } from './n8.ts';
import { buildP1Task, draftP1, P1_SUBTYPE_COUNTS } from './p1.ts';
import { buildP2Task, draftP2 } from './p2.ts';
import { buildP3Task, draftP3 } from './p3.ts';
import { buildP4Task, draftP4 } from './p4.ts';
import { RetryableCircuitError } from './retry.ts';

export const DEFAULT_CIRCUIT_BANK_SEED = 42;
export const CIRCUIT_BANK_FILES: Readonly<Record<Probe, string>> = { P1: 'P1.jsonl', P2: 'P2.jsonl', P3: 'P3.jsonl', P4: 'P4.jsonl' };
/** Published bank sizes (VEHBench Appendix R, Table 39). */
export const CIRCUIT_BANK_SIZES: Readonly<Record<Probe, number>> = { P1: 32, P2: 32, P3: 18, P4: 24 };
const MAX_ATTEMPTS = 60;

/** Split of the `index`-th task of a probe with the given family (see the module comment). */
export function circuitSplitOf(family: CircuitFamily, index: number): Split {
  if (family === 'rlc_bandpass') return 'test_ood';
  return index % 3 === 0 ? 'dev' : 'test_id';
}

const familyAt = (i: number): CircuitFamily => CIRCUIT_FAMILIES[i % CIRCUIT_FAMILIES.length] as CircuitFamily;
const pad = (i: number): string => String(i).padStart(3, '0');

/** Runs `build` with attempt seeds until it stops throwing RetryableCircuitError. */
function withRetries<T>(seed: number, taskId: string, build: (taskSeed: number) => T): T {
  let last: unknown = null;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const taskSeed = deriveSeed(seed, taskId, attempt);
    try {
      return build(taskSeed);
    } catch (e) {
      if (!(e instanceof RetryableCircuitError)) throw e;
      last = e;
    }
  }
  throw new Error(`${taskId}: no valid draw in ${MAX_ATTEMPTS} attempts (last: ${(last as Error).message})`);
}

function buildP1Bank(seed: number): CircuitP1Task[] {
  const subtypes = P1_SUBTYPES.flatMap((s) => Array.from({ length: P1_SUBTYPE_COUNTS[s] }, () => s));
  return subtypes.map((subtype, i) => {
    const family = familyAt(i);
    const split = circuitSplitOf(family, i);
    const taskId = `circuit-p1-${split}-${pad(i)}`;
    return withRetries(seed, taskId, (s) => buildP1Task({ taskId, split, family, subtype, seed: s }, draftP1(subtype, family, createRng(s))));
  });
}

function buildP2Bank(seed: number): CircuitP2Task[] {
  return Array.from({ length: CIRCUIT_BANK_SIZES.P2 }, (_, i) => {
    const family = familyAt(i);
    const split = circuitSplitOf(family, i);
    const taskId = `circuit-p2-${split}-${pad(i)}`;
    return withRetries(seed, taskId, (s) => buildP2Task({ taskId, split, family, seed: s }, draftP2(family, createRng(s), Math.floor(i / 4))));
  });
}

function buildP3Bank(seed: number): CircuitP3Task[] {
  const tasks: CircuitP3Task[] = [buildN8Task('dev', deriveSeed(seed, 'n8'))];
  for (let i = 1; i < CIRCUIT_BANK_SIZES.P3; i++) {
    const family = familyAt(i);
    const split = circuitSplitOf(family, i);
    const trapType = TRAP_TYPES[(i - 1) % TRAP_TYPES.length] as CircuitP3Task['trap_type'];
    const taskId = `circuit-p3-${split}-${pad(i)}`;
    tasks.push(withRetries(seed, taskId, (s) => buildP3Task({ taskId, split, family, trapType, seed: s }, draftP3(family, trapType, createRng(s)))));
  }
  return tasks;
}

function buildP4Bank(seed: number): CircuitP4Task[] {
  return Array.from({ length: CIRCUIT_BANK_SIZES.P4 }, (_, i) => {
    const family = familyAt(i);
    const split = circuitSplitOf(family, i);
    const policy = POLICIES[i % POLICIES.length] as CircuitP4Task['policy'];
    const taskId = `circuit-p4-${split}-${pad(i)}`;
    return withRetries(seed, taskId, (s) => buildP4Task({ taskId, split, family, policy, seed: s }, draftP4(family, createRng(s))));
  });
}

export function buildCircuitBanks(seed: number, only?: readonly Probe[]): Record<Probe, CircuitTask[]> {
  const want = (p: Probe): boolean => !only || only.includes(p);
  return {
    P1: want('P1') ? buildP1Bank(seed) : [],
    P2: want('P2') ? buildP2Bank(seed) : [],
    P3: want('P3') ? buildP3Bank(seed) : [],
    P4: want('P4') ? buildP4Bank(seed) : [],
  };
}

export function circuitToJsonl(tasks: readonly CircuitTask[]): string {
  return tasks.map((t) => `${JSON.stringify(t)}\n`).join('');
}

const NOTE = [
  'Closed-form circuit audit banks (VEHBench Appendix R inventory: P1 32, P2 32, P3 18, P4 24) over four families',
  '(RC and RL low-pass, series RLC band-pass, loaded divider); formulas and references in data/circuit/README.md.',
  'Each space pits the source-current limit against the tolerance shift (or the Q floor for rlc) along the target curve.',
  'P1 labels come from the best achievable relative margin s* of a target-curve grid search (near-boundary infeasible: s* ≈ −4.5 %);',
  'P2 initial designs violate one constraint and every single-variable repair breaks another (checked with the oracle);',
  'P3 traps keep a dormant constraint met that the obvious escape trips; P3 includes the Appendix N.8 walkthrough (circuit-p3-n8-walkthrough);',
  'P4 pools change their top candidate between performance_first and reliability_first.',
  'Splits: rlc_bandpass is held out as test_ood; other families one in three dev, the rest test_id.',
].join(' ');

/** Generates the four bank files and their manifest. Same seed → same bytes. */
export function generateCircuitBanks(seed: number, only?: readonly Probe[]): { files: Record<string, string>; manifest: CircuitBankManifest } {
  const built = buildCircuitBanks(seed, only);
  const encoder = new TextEncoder();
  const files: Record<string, string> = {};
  const banks: CircuitBankManifest['banks'] = [];
  for (const probe of PROBES) {
    if (only && !only.includes(probe)) continue;
    const tasks = built[probe];
    const text = circuitToJsonl(tasks);
    const bytes = encoder.encode(text);
    files[CIRCUIT_BANK_FILES[probe]] = text;
    banks.push({
      probe,
      file: CIRCUIT_BANK_FILES[probe],
      count: tasks.length,
      bytes: bytes.length,
      sha256: sha256Hex(bytes),
      by_split: Object.fromEntries(SPLITS.map((s) => [s, tasks.filter((t) => t.split === s).length])),
    });
  }
  const manifest: CircuitBankManifest = {
    suite: 'circuit',
    generator_version: CIRCUIT_GENERATOR_VERSION,
    seed,
    oracle: CIRCUIT_ORACLE_ID,
    banks,
    note: NOTE,
  };
  files['manifest.json'] = `${JSON.stringify(manifest, null, 2)}\n`;
  return { files, manifest };
}
