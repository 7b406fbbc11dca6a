/**
 * `proving-ground oracle veh`: one JSON request per stdin line → one JSON result per stdout line.
 * Numbers are written by JSON.stringify (shortest round-trip form), so a result read back is the
 * same double the oracle computed. Each line is answered as soon as it is read, so the command
 * works in a pipe; the first bad line stops it (exit 2) after the lines before it were answered.
 */
import { parseFlags, usageMessage } from '../args.ts';
import { createNodeVehOracle, type NodeVehOracle } from '../../src/adapters/node/veh-wasm.ts';
import { resolvePiezo, resolveSubstrate } from '../../src/core/veh/materials.ts';
import { OracleInputError, parseOracleRequest, type OracleRequest, type OracleResult } from '../../src/core/veh/oracle.ts';

export interface OracleVehIo {
  /** Input lines without terminators. */
  stdin: AsyncIterable<string>;
  stdout: (s: string) => void;
  stderr: (s: string) => void;
}

export interface OracleVehDeps {
  /** Defaults to the Node oracle (WASM, falling back to the reference). */
  oracle?: NodeVehOracle | Promise<NodeVehOracle>;
}

export const EXIT_BAD_INPUT = 2;

/** Checks the arguments after `oracle` (`veh` or `circuit`); returns the usage message naming the problem, or null. */
export function checkOracleArgs(args: readonly string[]): string | null {
  try {
    const { positionals } = parseFlags(args, {}, true);
    const [which, extra] = positionals;
    if (which !== 'veh' && which !== 'circuit') return `unknown oracle "${which ?? ''}"; available: veh, circuit`;
    if (extra !== undefined) return `unexpected argument "${extra}"`;
    return null;
  } catch (e) {
    return usageMessage(e);
  }
}

/** The result line: oracle outputs (with intermediates), then what the request resolved to. */
export function formatResultLine(request: OracleRequest, result: OracleResult, backend: string): string {
  const piezo = resolvePiezo(request.environment.piezo_material);
  const substrate = resolveSubstrate(request.environment.substrate_material);
  return JSON.stringify({
    ...result,
    materials: {
      piezo: {
        id: piezo.id,
        d31_m_per_v: piezo.d31,
        eps33_rel: piezo.eps33Rel,
        modulus_pa: piezo.modulusPa,
        density_kg_m3: piezo.density,
      },
      substrate: { id: substrate.id, modulus_pa: substrate.modulusPa, density_kg_m3: substrate.density },
    },
    damping_ratio: request.environment.damping_ratio,
    limits: request.constraints,
    backend,
  });
}

/** Parses one line; returns the request or the message that names the line and every problem. */
function parseLine(line: string, lineNo: number): OracleRequest | string {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch (e) {
    return `line ${lineNo}: invalid JSON: ${(e as Error).message}`;
  }
  try {
    return parseOracleRequest(raw);
  } catch (e) {
    if (e instanceof OracleInputError) return `line ${lineNo}: ${e.message}`;
    throw e;
  }
}

export async function oracleVehCommand(io: OracleVehIo, deps: OracleVehDeps = {}): Promise<number> {
  // Attach to the input before the first await: node:readline emits lines as soon as stdin flows and
  // drops those nobody listens to, so iterating only after loading the wasm lost short piped inputs.
  const input = io.stdin[Symbol.asyncIterator]();
  const oracle = await (deps.oracle ?? createNodeVehOracle());
  for (const reason of oracle.skipped) io.stderr(`note: ${reason}; using the ${oracle.backendId} backend`);

  let lineNo = 0;
  for await (const rawLine of { [Symbol.asyncIterator]: () => input }) {
    lineNo++;
    const line = rawLine.trim();
    if (line === '') continue;
    const parsed = parseLine(line, lineNo);
    if (typeof parsed === 'string') {
      io.stderr(parsed);
      return EXIT_BAD_INPUT;
    }
    io.stdout(formatResultLine(parsed, oracle.evaluateSync(parsed), oracle.backendId));
  }
  return 0;
}
