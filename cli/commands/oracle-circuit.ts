/**
 * `proving-ground oracle circuit`: one JSON circuit request per stdin line → one JSON result per
 * stdout line, like `oracle veh`. A request is {family, design, context, constraints} as the circuit
 * tasks and transcripts write it (data/circuit/README.md; constraints as {name: limit} or a list of
 * {name, limit}). Numbers are written by JSON.stringify (shortest round-trip form), so a result read
 * back is the same double the oracle computed. Each line is answered as soon as it is read; the first
 * bad line stops the command (exit 2) after the lines before it were answered.
 */
import { createNodeCircuitOracle, type NodeCircuitOracle } from '../../src/adapters/node/circuit-wasm.ts';
import { CircuitInputError, FAMILY_TARGET, parseCircuitRequest, type CircuitRequest, type CircuitResult } from '../../src/core/circuit-audit/oracle.ts';
import { EXIT_BAD_INPUT, type OracleVehIo } from './oracle-veh.ts';

export interface OracleCircuitDeps {
  /** Defaults to the Node circuit oracle (WASM, falling back to the reference). */
  oracle?: NodeCircuitOracle | Promise<NodeCircuitOracle>;
}

/** The result line: the oracle's outputs, what the target means, the limits it was checked against, the backend. */
export function formatCircuitResultLine(request: CircuitRequest, result: CircuitResult, backend: string): string {
  return JSON.stringify({ ...result, target: FAMILY_TARGET[request.family], context: request.context, limits: request.constraints, backend });
}

function parseLine(line: string, lineNo: number): CircuitRequest | string {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch (e) {
    return `line ${lineNo}: invalid JSON: ${(e as Error).message}`;
  }
  try {
    return parseCircuitRequest(raw);
  } catch (e) {
    if (e instanceof CircuitInputError) return `line ${lineNo}: ${e.message}`;
    throw e;
  }
}

export async function oracleCircuitCommand(io: OracleVehIo, deps: OracleCircuitDeps = {}): Promise<number> {
  // Attach to the input before the first await (see oracle-veh.ts: readline drops lines nobody listens to).
  const input = io.stdin[Symbol.asyncIterator]();
  const oracle = await (deps.oracle ?? createNodeCircuitOracle());
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
    const [result] = oracle.evaluateManySync([parsed]);
    if (!result) throw new Error('the circuit oracle returned no result');
    io.stdout(formatCircuitResultLine(parsed, result, oracle.backendId));
  }
  return 0;
}
