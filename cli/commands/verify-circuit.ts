/**
 * The circuit branch of `proving-ground verify`: a circuit run folder (results.json with suite
 * "circuit" and transcripts/ beside it), or the path of its results.json, verified by
 * verifyCircuitRun against the shipped circuit bank on a fresh Node circuit oracle (WASM when built,
 * else the bit-identical reference). Same exit codes and output as the VEH branch in verify.ts.
 */
import { readFile, readdir, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { CommandIo } from '../io.ts';
import { DEFAULT_CIRCUIT_BANK_DIR, RESULTS_JSON, TRANSCRIPTS_DIR, bankHash, bankTextReader } from '../../src/adapters/node/run-files.ts';
import { createNodeCircuitOracle } from '../../src/adapters/node/circuit-wasm.ts';
import { loadCircuitBank } from '../../src/core/circuit-audit/bank/load.ts';
import type { CircuitOracle } from '../../src/core/circuit-audit/oracle.ts';
import { CircuitTranscriptSchema, type CircuitTranscript } from '../../src/core/circuit-audit/protocol/transcript.ts';
import { CircuitResultsFileSchema } from '../../src/core/circuit-audit/run/results-file.ts';
import { ImportError, checkImportSize, describeIssues, parseJsonText } from '../../src/core/verify/import.ts';
import { verifyCircuitRun, type CircuitVerifyInput, type ShippedCircuitBank } from '../../src/core/verify/verify-circuit.ts';
import type { VerifyReport } from '../../src/core/verify/verify.ts';

/** The results.json a target names (the folder's, or the file itself), when it is a circuit run's; else null. */
export async function circuitResultsPath(target: string): Promise<string | null> {
  const info = await stat(target).catch(() => null);
  if (!info) return null;
  const file = info.isDirectory() ? join(target, RESULTS_JSON) : basename(target) === RESULTS_JSON ? target : null;
  if (file === null) return null;
  try {
    // Peek only at the suite tag; full validation (with size limits) happens in readCircuitRun.
    const fileInfo = await stat(file);
    if (!fileInfo.isFile()) return null;
    const head = JSON.parse(await readFile(file, 'utf8')) as { suite?: unknown };
    return head.suite === 'circuit' ? file : null;
  } catch {
    return null;
  }
}

async function readJson(path: string, maxBytes: number): Promise<unknown> {
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) throw new ImportError(`${path} not found`);
  checkImportSize(path, info.size, maxBytes);
  return parseJsonText(path, await readFile(path, 'utf8'), maxBytes);
}

/** Reads and validates a circuit results.json and every transcript beside it; throws ImportError. */
export async function readCircuitRun(resultsPath: string, maxBytes: number): Promise<CircuitVerifyInput> {
  const parsed = CircuitResultsFileSchema.safeParse(await readJson(resultsPath, maxBytes));
  if (!parsed.success) throw new ImportError(`${resultsPath} is not a valid circuit results.json: ${describeIssues(parsed.error.issues)}`);
  const tdir = join(dirname(resultsPath), TRANSCRIPTS_DIR);
  const names = await readdir(tdir).catch(() => null);
  if (names === null) throw new ImportError(`${tdir} not found: a circuit run folder needs its transcripts beside results.json`);
  const transcripts: CircuitTranscript[] = [];
  for (const name of names.filter((n) => n.endsWith('.json')).sort()) {
    const path = join(tdir, name);
    const t = CircuitTranscriptSchema.safeParse(await readJson(path, maxBytes));
    if (!t.success) throw new ImportError(`${path} is not a valid circuit transcript: ${describeIssues(t.error.issues)}`);
    transcripts.push(t.data);
  }
  return { results: parsed.data, transcripts };
}

export async function loadShippedCircuitBank(io: CommandIo, dir: string = DEFAULT_CIRCUIT_BANK_DIR): Promise<ShippedCircuitBank | null> {
  try {
    const { tasks } = await loadCircuitBank(bankTextReader(dir));
    return { hash: await bankHash(dir), tasks };
  } catch (e) {
    io.stderr(`verify: cannot load the circuit bank at ${dir} (${(e as Error).message}); bank checks will be unverifiable`);
    return null;
  }
}

export interface CircuitVerifyTargetDeps {
  oracle?: () => CircuitOracle | Promise<CircuitOracle>;
  bank?: ShippedCircuitBank | null;
}

/** Verifies one circuit run; the caller prints the report (reportLines) and sets the exit code. */
export async function verifyCircuitTarget(resultsPath: string, maxBytes: number, io: CommandIo, deps: CircuitVerifyTargetDeps = {}): Promise<{ input: CircuitVerifyInput; report: VerifyReport; backend: string }> {
  const input = await readCircuitRun(resultsPath, maxBytes);
  const bank = deps.bank !== undefined ? deps.bank : await loadShippedCircuitBank(io);
  const oracle = await (deps.oracle ?? createNodeCircuitOracle)();
  return { input, report: await verifyCircuitRun(input, { oracle, bank }), backend: oracle.backendId };
}
