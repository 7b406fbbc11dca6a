/**
 * `proving-ground solve FILE|-`: reads one photonics problem (JSON) from a file or standard input and
 * prints the result as one line of JSON. Numbers are written by JSON.stringify (shortest round-trip
 * form), so every double reads back exactly as the solver computed it; nothing is rounded.
 *
 * Exit codes: 0 solved; 2 the input is the caller's to change: usage error, unreadable file, invalid
 * JSON, a problem that fails validation (every issue is listed with its JSON path), one estimated over
 * --max-seconds, or one that cannot be solved as posed (ProblemError: a grid past the node limit; a
 * MaterialError: an unknown material name, a gain index without "allow_gain", a wavelength the
 * material data does not cover); 1 the solver itself failed.
 * Which backend ran (wasm or the TypeScript reference) is in the result; a skipped wasm kernel is
 * noted on stderr with the reason.
 */
import { readFile } from 'node:fs/promises';
import { EXIT_USAGE, UsageError, parseFlags, usageMessage } from '../args.ts';
import type { CommandIo } from '../io.ts';
import { createNodeSolveContext, type NodeSolveContext } from '../../src/adapters/node/photonics-context.ts';
import { ProblemValidationError, parsePhotonicsProblem, solveParsedPhotonics } from '../../src/core/photonics/solve.ts';
import type { PhotonicsProblem } from '../../src/core/photonics/problem.ts';
import { estimatePhotonics } from '../../src/core/photonics/estimate.ts';
import { ProblemError } from '../../src/core/photonics/solve-context.ts';
import { MaterialError } from '../../src/core/photonics/material-spec.ts';

const USAGE =
  'usage: proving-ground solve [--estimate] [--pretty] [--max-seconds S] [--force] FILE|-   (one problem as JSON; "-" reads standard input; --estimate prints the cost estimate instead of solving; a problem estimated above --max-seconds (default 300) is refused unless --force)';

/** Longest solve run without --force (s): the CLI's "Solve anyway" threshold, as the page asks before a long solve. */
export const DEFAULT_MAX_SOLVE_SECONDS = 300;

export interface SolveArgs {
  /** A path, or '-' for standard input. */
  source: string;
  pretty: boolean;
  /** Print estimate(problem) — unknowns, memory, expected time on this machine, advice — instead of solving. */
  estimate: boolean;
  /** Refuse (exit 2) when the estimate says the solve takes longer than this, unless `force`. */
  maxSeconds: number;
  force: boolean;
}

export interface SolveDeps {
  /** Standard input as text (tests pass a string; default reads process.stdin to its end). */
  readStdin?: () => Promise<string>;
  /** Defaults to the Node context: material library plus the wasm kernels that load. */
  context?: NodeSolveContext | Promise<NodeSolveContext>;
}

/** Parses the arguments after `solve`; returns them, or the usage message naming the problem. */
export function parseSolveArgs(args: readonly string[]): SolveArgs | string {
  try {
    // '-' is a positional for node:util parseArgs, so "solve -" needs no special case.
    const { values, positionals } = parseFlags(args, { pretty: { type: 'boolean' }, estimate: { type: 'boolean' }, 'max-seconds': { type: 'string' }, force: { type: 'boolean' } }, true);
    if (positionals.length === 0) throw new UsageError('FILE is required ("-" reads standard input)');
    if (positionals.length > 1) throw new UsageError(`expected one FILE, got ${positionals.length}: solve one problem per call`);
    const rawMax = values['max-seconds'];
    const maxSeconds = rawMax === undefined ? DEFAULT_MAX_SOLVE_SECONDS : Number(rawMax);
    if (!Number.isFinite(maxSeconds) || maxSeconds <= 0) throw new UsageError(`--max-seconds must be a positive number of seconds, got ${JSON.stringify(rawMax)}`);
    return { source: positionals[0] as string, pretty: values.pretty === true, estimate: values.estimate === true, maxSeconds, force: values.force === true };
  } catch (e) {
    return usageMessage(e);
  }
}

const formatSeconds = (s: number): string => (s >= 3600 ? `${(s / 3600).toPrecision(3)} h (${Math.round(s)} s)` : `${s.toPrecision(3)} s`);
const formatBytes = (b: number): string => (b >= 1024 ** 3 ? `${(b / 1024 ** 3).toFixed(1)} GiB` : `${(b / 1024 ** 2).toFixed(1)} MiB`);

async function readProcessStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

async function readSource(source: string, deps: SolveDeps): Promise<string> {
  if (source === '-') return (deps.readStdin ?? readProcessStdin)();
  try {
    return await readFile(source, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(code === 'ENOENT' ? `${source} not found` : `cannot read ${source}: ${(e as Error).message}`);
  }
}

export async function solveCommand(args: readonly string[], io: CommandIo, deps: SolveDeps = {}): Promise<number> {
  const parsed = parseSolveArgs(args);
  if (typeof parsed === 'string') {
    io.stderr(`solve: ${parsed}\n${USAGE}`);
    return EXIT_USAGE;
  }
  const name = parsed.source === '-' ? 'standard input' : parsed.source;

  let text: string;
  try {
    text = await readSource(parsed.source, deps);
  } catch (e) {
    io.stderr(`solve: ${usageMessage(e)}`);
    return EXIT_USAGE;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    io.stderr(`solve: ${name} is not valid JSON: ${(e as Error).message}`);
    return EXIT_USAGE;
  }
  // Validate before loading kernels: a bad problem is answered at once and never touches a solver.
  // The parsed problem is what gets solved, so it is validated once.
  let problem: PhotonicsProblem;
  try {
    problem = parsePhotonicsProblem(raw);
  } catch (e) {
    if (!(e instanceof ProblemValidationError)) throw e;
    io.stderr(`solve: ${name}: ${e.message}`);
    return EXIT_USAGE;
  }

  const ctx = await (deps.context ?? createNodeSolveContext());
  for (const reason of ctx.backends.skipped) io.stderr(`note: ${reason}; that solver uses its TypeScript reference`);
  let result: unknown;
  try {
    const estimate = () => estimatePhotonics(problem, ctx, { now: () => performance.now() }, (p) => solveParsedPhotonics(p, ctx));
    if (parsed.estimate) result = estimate();
    else {
      if (!parsed.force) {
        // The estimate runs a small probe solve: seconds at most, against a solve that may take days.
        const e = estimate();
        if (e.expected_seconds > parsed.maxSeconds) {
          io.stderr(
            `solve: ${name} is estimated at ${formatSeconds(e.expected_seconds)} (${e.unknowns} unknowns, ~${formatBytes(e.memory_bytes)}), over --max-seconds ${parsed.maxSeconds}; ` +
              `nothing was solved. Make the problem smaller, raise --max-seconds, or pass --force to solve anyway.${e.advice.length > 0 ? `\n${e.advice.join('\n')}` : ''}`,
          );
          return EXIT_USAGE;
        }
      }
      result = solveParsedPhotonics(problem, ctx);
    }
  } catch (e) {
    const error = e instanceof Error ? e : new Error(String(e));
    io.stderr(`solve: cannot solve ${name}: ${error.message}`);
    // A problem that cannot be solved as posed, or names a material the library cannot give, is the
    // caller's to change (exit 2, like bad input); only a failure of the solver itself is exit 1.
    return e instanceof ProblemError || e instanceof MaterialError ? EXIT_USAGE : 1;
  }
  io.stdout(parsed.pretty ? JSON.stringify(result, null, 2) : JSON.stringify(result));
  return 0;
}
