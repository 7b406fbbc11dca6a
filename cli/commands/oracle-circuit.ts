/**
 * `proving-ground oracle circuit`: one JSON circuit request per stdin line → one JSON result per
 * stdout line, like `oracle veh`. A request is {family, design, context, constraints} as the circuit
 * tasks and transcripts write it (data/circuit/README.md; constraints as {name: limit} or a list of
 * {name, limit}). Numbers are written by JSON.stringify (shortest round-trip form), so a result read
 * back is the same double the oracle computed. Each line is answered as soon as it is read; the first
 * bad line (invalid, an unknown constraint, or inputs so far out that an output is not finite) stops
 * the command (exit 2) after the lines before it were answered.
 */
import { createNodeCircuitOracle, type NodeCircuitOracle } from '../../src/adapters/node/circuit-wasm.ts';
import { CircuitInputError, FAMILY_TARGET, parseCircuitRequest, type CircuitRequest, type CircuitResult } from '../../src/core/circuit-audit/oracle.ts';
import { EXIT_BAD_INPUT, type OracleVehOutput } from './oracle-veh.ts';

export interface OracleCircuitDeps {
  /** Defaults to the Node circuit oracle (WASM, falling back to the reference). */
  oracle?: NodeCircuitOracle | Promise<NodeCircuitOracle>;
}

/** The result line: the oracle's outputs, what the target means, the limits it was checked against, the backend. */
export function formatCircuitResultLine(request: CircuitRequest, result: CircuitResult, backend: string): string {
  return JSON.stringify({ ...result, target: FAMILY_TARGET[request.family], context: request.context, limits: request.constraints, backend });
}

const RESULT_NUMBERS = ['target_value', 'target_error_pct', 'source_current_ma', 'power_mw', 'tolerance_shift_pct', 'q_factor', 'bandwidth_hz'] as const;

/**
 * The outputs that came out NaN or ±∞ (a 1e-300 Ω, 1e-300 nF filter overflows the cutoff). Such a
 * line used to print `null` results with exit 0, as if it were an answer (issue 21, as `oracle veh`).
 */
export function nonFiniteCircuitFields(result: CircuitResult): string[] {
  return RESULT_NUMBERS.filter((k) => !Number.isFinite(result[k]));
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

export async function oracleCircuitCommand(io: OracleVehOutput & { stdin: AsyncIterable<string> }, deps: OracleCircuitDeps = {}): Promise<number> {
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
    const broken = nonFiniteCircuitFields(result);
    if (broken.length > 0) {
      io.stderr(
        `line ${lineNo}: the oracle gives no finite ${broken.join(', ')} for this request (${parsed.family}, design ${JSON.stringify(parsed.design)}): ` +
          'an input is far outside the physical range the model holds for, so there is no result to report',
      );
      return EXIT_BAD_INPUT;
    }
    io.stdout(formatCircuitResultLine(parsed, result, oracle.backendId));
  }
  return 0;
}
