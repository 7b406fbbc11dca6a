/**
 * Command dispatch for `proving-ground`. Each command lives in cli/commands/ and returns an exit
 * code; nothing here knows about a suite's internals.
 */
import { readFileSync } from 'node:fs';
import { processIo, stdinLines, type CommandIo } from './io.ts';

const USAGE_HEAD = `proving-ground — benchmark playground for LLM agents on physics and engineering design

Usage:
  proving-ground oracle veh                 evaluate VEH designs: one JSON request per stdin line → one JSON result per line
  proving-ground oracle circuit             evaluate circuit designs (App. R audit), same line protocol
  proving-ground tasks [--suite veh] [--probe P1] [--split dev]
                                            print the tasks as JSONL
  proving-ground bank --check | --write     regenerate every bank and verify (or rewrite) the manifest hashes
  proving-ground run [--suite veh] --agent <id> [--probe P1] [--split dev] [--seed N] [--p3-variant state_summary] --out DIR
                                            run a built-in agent; writes results.json, results.md, transcripts/
  proving-ground run [--suite veh] --provider openai|anthropic|gemini --base-url URL --model ID [...] --out DIR
                                            run your own model (key from OPENAI_API_KEY, ANTHROPIC_API_KEY or GEMINI_API_KEY)
        [--request-timeout-s S] limits each HTTP attempt (default 120); [--max-consecutive-failures N] stops the
        run after N tasks in a row could not connect or were refused the key (default 3); [--max-response-mib M]
        cuts a reply off past M MiB (default 8), failing that task only
      audit flags for either: [--control default|neutral|targeted|wrong-boundary|state-summary-plus]
        [--subset appendix-d] [--sg-form A|B|C [--sg-groups N]]; CMA-ES under another run's query counts:
        --agent cmaes-matched --match-run DIR
      any suite: [--suite veh|circuit|photonics-agent] picks the bank; its facets filter (--probe, --split, …);
        [--shard i/n] runs the i-th contiguous block of the selection
  proving-ground run --resume DIR           continue an interrupted (killed or cancelled) run with its recipe (DIR/run.json)
  proving-ground merge --out DIR SHARD_DIR...
                                            join shard folders into one run folder (refuses shards of different recipes)
  proving-ground score DIR                  recompute every metric from DIR/transcripts alone
  proving-ground analyze paired|profiles|routing|sg-gap|cmaes-ratio RUN_DIR... [--csv] [--seed N]   paired deltas, profiles, routing, SG gap, CMA-ES ratio over saved runs
  proving-ground verify [--bank DIR] [--json] FILE|DIR ...
                                            replay-verify a run (page download, run folder or results.json): re-grade,
                                            re-execute every oracle call, check the bank; exit 0 verified,
                                            1 mismatch or unverifiable, 2 unreadable; a run export's signature is checked
  proving-ground keygen --out KEY.json [--algorithm ecdsa-p256|ed25519]
                                            make a signing key (private JWK file, mode 0600); prints its public fingerprint
  proving-ground sign --key KEY.json EXPORT.json [--out FILE]
                                            add a signature block to a run export (default: print the signed file)
  proving-ground solve FILE|-               solve one photonics problem (JSON) and print the result JSON
  proving-ground estimate FILE|-            what that solve would cost here: unknowns, memory, expected time, advice
  proving-ground design evaluate --task ID SOURCE.js|-
                                            run the spec-to-design evaluator alone on one design source (its own
                                            sandbox and worker thread) and print the verdict JSON: valid, gates, J, S,
                                            sha256, evaluator version; exit 0 valid, 1 a gate failed; \`design tasks\` lists ids
  proving-ground replay --task ID DIR       clean-replay a reproduction package folder in a fresh sandbox and print
                                            the verdict JSON (sources' sha256, oracle calls, artifacts, rubric);
                                            exit 0 Full, 1 not Full, 3 the evaluator failed (requires a rerun)
  proving-ground schema photonics [--kind K]
                                            print the JSON Schema of photonics problems
  proving-ground materials [--json] [--at WAVELENGTH_NM NAME]
                                            list the material library (wavelength range, source) or look one up
  proving-ground mcp                        serve the photonics-agent tools (estimate, solve, compare, optimize, resources) over MCP on stdio
  proving-ground --version | --help

Flags take their value as --flag value or --flag=value; --suite defaults to veh.`;

/** The usage text; suites and their agents come from the suite registry, loaded only when usage is shown. */
async function usage(): Promise<string> {
  const { SUITES } = await import('../src/core/suites.ts');
  const lines = SUITES.list().map((s) => `  ${s.descriptor.id.padEnd(8)} ${s.descriptor.title}: ${s.agents.map((a) => a.id).join(', ')}`);
  return `${USAGE_HEAD}\n\nSuites and their built-in agents:\n${lines.join('\n')}`;
}

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

export async function main(argv: readonly string[], io: CommandIo = processIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case undefined:
      case '--help':
      case '-h':
      case 'help':
        io.stdout(await usage());
        return command === undefined ? 2 : 0;
      case '--version':
      case '-v':
        io.stdout(version());
        return 0;
      case 'oracle': {
        const { checkOracleArgs, oracleVehCommand, oracleVehProcessIo } = await import('./commands/oracle-veh.ts');
        const problem = checkOracleArgs(rest);
        if (problem !== null) {
          io.stderr(`oracle: ${problem}`);
          return 2;
        }
        if (rest[0] === 'circuit') {
          const { oracleCircuitCommand } = await import('./commands/oracle-circuit.ts');
          return await oracleCircuitCommand({ stdin: stdinLines(), stdout: io.stdout, stderr: io.stderr });
        }
        if (io !== processIo) return await oracleVehCommand({ stdin: stdinLines(), stdout: io.stdout, stderr: io.stderr }, { args: rest.slice(1) });
        return await oracleVehCommand(oracleVehProcessIo(), { args: rest.slice(1) });
      }
      case 'tasks': {
        const { tasksCommand } = await import('./commands/tasks.ts');
        return await tasksCommand(rest, io);
      }
      case 'bank': {
        const { bankCommand } = await import('./commands/bank.ts');
        return await bankCommand(rest, io);
      }
      case 'run': {
        const { runCommand } = await import('./commands/run.ts');
        return await runCommand(rest, io);
      }
      case 'merge': {
        const { mergeCommand } = await import('./commands/merge.ts');
        return await mergeCommand(rest, io);
      }
      case 'score': {
        const { scoreCommand } = await import('./commands/score.ts');
        return await scoreCommand(rest, io);
      }
      case 'verify': {
        const { verifyCommand } = await import('./commands/verify.ts');
        return await verifyCommand(rest, io);
      }
      case 'keygen': {
        const { keygenCommand } = await import('./commands/sign.ts');
        return await keygenCommand(rest, io);
      }
      case 'sign': {
        const { signCommand } = await import('./commands/sign.ts');
        return await signCommand(rest, io);
      }
      case 'analyze': {
        const { analyzeCommand } = await import('./commands/analyze.ts');
        return await analyzeCommand(rest, io);
      }
      case 'solve': {
        const { solveCommand } = await import('./commands/solve.ts');
        return await solveCommand(rest, io);
      }
      case 'design': {
        const { designCommand } = await import('./commands/design.ts');
        return await designCommand(rest, io);
      }
      case 'replay': {
        const { replayCommand } = await import('./commands/replay.ts');
        return await replayCommand(rest, io);
      }
      case 'estimate': {
        const { solveCommand } = await import('./commands/solve.ts');
        return await solveCommand(['--estimate', ...rest], io);
      }
      case 'schema': {
        const { schemaCommand } = await import('./commands/schema.ts');
        return await schemaCommand(rest, io);
      }
      case 'mcp': {
        const { mcpCommand } = await import('./commands/mcp.ts');
        return await mcpCommand(rest, io);
      }
      case 'materials': {
        const { materialsCommand } = await import('./commands/materials.ts');
        return await materialsCommand(rest, io);
      }
      default:
        io.stderr(`unknown command "${command}"\n\n${await usage()}`);
        return 2;
    }
  } catch (e) {
    io.stderr(`proving-ground ${command}: ${(e as Error).message}`);
    return 1;
  }
}
