/**
 * `proving-ground bank --write | --check [--suite veh|circuit] [--seed N] [--dir DIR] [--anchors FILE]`
 *
 * --write regenerates the banks into public/banks/<suite>/ (or DIR); --check regenerates in memory
 * and compares each file's bytes and SHA-256 with the files and manifest on disk, printing one line
 * per bank and exiting 1 (naming the files) on any mismatch. Generation time is printed. Without
 * --suite both suites are covered (VEH, then circuit); --dir names one suite's folder, so with --dir
 * and no --suite only VEH is covered (as before the circuit suite existed).
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_CIRCUIT_BANK_DIR, DEFAULT_VEH_BANK_DIR } from '../../src/adapters/node/run-files.ts';
import { generateCircuitBanks } from '../../src/core/circuit-audit/bank/generate.ts';
import { ANCHORS_FILE, DEFAULT_BANK_SEED, generateVehBanks } from '../../src/core/veh/bank/generate.ts';
import { generatePhotonicsAgentBank } from '../../src/core/photonics-agent/bank/generate.ts';
import { createNodeSolveContext } from '../../src/adapters/node/photonics-context.ts';
import { solvePhotonics } from '../../src/core/photonics/solve.ts';
import { generateDesignBank } from '../../src/core/design/bank/generate.ts';
import { DESIGN_TASKS } from '../../src/core/design/tasks/index.ts';
import { nodeSandbox } from '../../src/adapters/sandbox/quickjs-node.ts';
import { generateReproductionBank } from '../../src/core/reproduction/bank/generate.ts';
import { REPRODUCTION_TASKS } from '../../src/core/reproduction/tasks/index.ts';
import { EXIT_USAGE, parseFlags, parseSeed, usageMessage } from '../args.ts';
import { parseSuite, type Suite } from '../suite-args.ts';
import type { CommandIo } from '../io.ts';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const USAGE = 'usage: proving-ground bank --write | --check [--suite veh|circuit|photonics-agent|design|reproduction] [--seed N] [--dir DIR] [--anchors FILE]';

/** Each suite's bank folder (VEH's and the circuit audit's are the run files' defaults). */
const DEFAULT_BANK_DIRS: Readonly<Record<string, string>> = {
  veh: DEFAULT_VEH_BANK_DIR,
  circuit: DEFAULT_CIRCUIT_BANK_DIR,
  'photonics-agent': join(REPO_ROOT, 'public/banks/photonics-agent'),
  design: join(REPO_ROOT, 'public/banks/design'),
  reproduction: join(REPO_ROOT, 'public/banks/reproduction'),
};

export interface BankDeps {
  generate: typeof generateVehBanks;
  /** The circuit generator (default: the real one). */
  generateCircuit?: typeof generateCircuitBanks;
  now: () => number;
}

const defaultDeps: BankDeps = { generate: generateVehBanks, generateCircuit: generateCircuitBanks, now: () => performance.now() };

interface BankArgs {
  mode: 'write' | 'check';
  seed: number;
  /** The suites to cover, in order. */
  suites: Suite[];
  /** Bank folder of the VEH suite (or of the single suite chosen with --suite). */
  dir: string;
  anchors: string;
}

/** The parsed flags, or the usage message naming the problem. */
export function parseBankArgs(args: readonly string[]): BankArgs | string {
  try {
    const { values } = parseFlags(args, {
      write: { type: 'boolean' },
      check: { type: 'boolean' },
      seed: { type: 'string' },
      dir: { type: 'string' },
      anchors: { type: 'string' },
      suite: { type: 'string' },
    });
    if (values.write && values.check) return '--write and --check are exclusive';
    const mode = values.write ? 'write' : values.check ? 'check' : null;
    if (!mode) return 'choose --write or --check';
    const suites: Suite[] = values.suite !== undefined ? [parseSuite(values.suite)] : values.dir !== undefined ? ['veh'] : ['veh', 'circuit'];
    const single = suites.length === 1 ? suites[0]! : 'veh';
    if (!Object.hasOwn(GENERATORS, single) || !Object.hasOwn(DEFAULT_BANK_DIRS, single)) return `suite "${single}" has no bank generator`;
    return {
      mode,
      seed: parseSeed(values.seed, DEFAULT_BANK_SEED),
      suites,
      dir: values.dir ?? DEFAULT_BANK_DIRS[single]!,
      anchors: values.anchors ?? join(REPO_ROOT, ANCHORS_FILE),
    };
  } catch (e) {
    return usageMessage(e);
  }
}

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

async function readIfPresent(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

export async function bankCommand(args: readonly string[], io: CommandIo, deps: BankDeps = defaultDeps): Promise<number> {
  const parsed = parseBankArgs(args);
  if (typeof parsed === 'string') {
    io.stderr(`bank: ${parsed}\n${USAGE}`);
    return EXIT_USAGE;
  }
  let status = 0;
  for (const suite of parsed.suites) {
    const dir = parsed.suites.length === 1 || suite === 'veh' ? parsed.dir : DEFAULT_CIRCUIT_BANK_DIR;
    const generated = await GENERATORS[suite]!(parsed, io, deps);
    status = Math.max(status, await writeOrCheck(parsed.mode, dir, generated, io));
  }
  return status;
}

interface Generated {
  files: Record<string, string>;
  banks: readonly { file: string; count: number; bytes: number; sha256: string }[];
}

async function generateVeh(parsed: BankArgs, io: CommandIo, deps: BankDeps): Promise<Generated> {
  const anchorBytes = await readFile(parsed.anchors);
  const phases: string[] = [];
  const start = deps.now();
  const { files, manifest } = deps.generate(JSON.parse(anchorBytes.toString('utf8')), new Uint8Array(anchorBytes), parsed.seed, {
    clock: deps.now,
    onPhase: (name, ms) => phases.push(`${name} ${(ms / 1000).toFixed(1)} s`),
  });
  const seconds = (deps.now() - start) / 1000;
  const detail = phases.length > 0 ? `; ${phases.join(', ')}` : '';
  io.stdout(`generated ${manifest.banks.map((b) => b.probe).join(', ')} in ${seconds.toFixed(1)} s (seed ${manifest.seed}, ${manifest.generator_version}${detail})`);
  return { files, banks: manifest.banks };
}

function generateCircuit(parsed: BankArgs, io: CommandIo, deps: BankDeps): Generated {
  const start = deps.now();
  const { files, manifest } = (deps.generateCircuit ?? generateCircuitBanks)(parsed.seed);
  const seconds = (deps.now() - start) / 1000;
  io.stdout(`generated circuit ${manifest.banks.map((b) => b.probe).join(', ')} in ${seconds.toFixed(1)} s (seed ${manifest.seed}, ${manifest.generator_version})`);
  return { files, banks: manifest.banks };
}

/** Solves every task's reference problem with this build's engine (WASM kernels where they load). */
async function generatePhotonicsAgent(io: CommandIo, deps: BankDeps): Promise<Generated> {
  const ctx = await createNodeSolveContext();
  const start = deps.now();
  const { files, manifest } = generatePhotonicsAgentBank((p) => solvePhotonics(p, ctx));
  const seconds = (deps.now() - start) / 1000;
  io.stdout(`generated photonics-agent ${manifest.files.length} tasks in ${seconds.toFixed(1)} s (${manifest.generator_version}; mie ${ctx.backends.mie}, tmm ${ctx.backends.tmm}, linalg ${ctx.backends.linalg})`);
  return { files, banks: manifest.files.map((f) => ({ file: f.file, count: 1, bytes: f.bytes, sha256: f.sha256 })) };
}

/** Calibrates every Reimplementation's c by running the evaluator on its published device. */
async function generateDesign(io: CommandIo, deps: BankDeps): Promise<Generated> {
  const solve = await createNodeSolveContext();
  const start = deps.now();
  const { files, manifest } = await generateDesignBank(DESIGN_TASKS, { sandbox: nodeSandbox(), solve });
  const seconds = (deps.now() - start) / 1000;
  io.stdout(`generated design ${manifest.counts.design} design + ${manifest.counts.reimplementation} reimplementation tasks in ${seconds.toFixed(1)} s (${manifest.generator_version}, ${manifest.evaluator_version})`);
  return { files: Object.fromEntries(files), banks: manifest.files.map((f) => ({ file: f.file, count: 1, bytes: f.bytes, sha256: f.sha256 })) };
}

/** Runs no physics: the rubric's reference values are computed by the grader at evaluation time. */
function generateReproduction(io: CommandIo, deps: BankDeps): Generated {
  const start = deps.now();
  const { files, manifest } = generateReproductionBank(REPRODUCTION_TASKS);
  const seconds = (deps.now() - start) / 1000;
  io.stdout(`generated reproduction ${manifest.counts.tasks} tasks in ${seconds.toFixed(1)} s (${manifest.generator_version}, ${manifest.evaluator_version})`);
  return { files: Object.fromEntries(files), banks: manifest.files.map((f) => ({ file: f.file, count: 1, bytes: f.bytes, sha256: f.sha256 })) };
}

const GENERATORS: Readonly<Record<string, (parsed: BankArgs, io: CommandIo, deps: BankDeps) => Generated | Promise<Generated>>> = {
  veh: generateVeh,
  circuit: generateCircuit,
  'photonics-agent': (_parsed, io, deps) => generatePhotonicsAgent(io, deps),
  design: (_parsed, io, deps) => generateDesign(io, deps),
  reproduction: (_parsed, io, deps) => generateReproduction(io, deps),
};

/** Writes the generated files into `dir`, or compares them with it; returns the exit status. */
async function writeOrCheck(mode: BankArgs['mode'], dir: string, generated: Generated, io: CommandIo): Promise<number> {
  const { files, banks } = generated;
  if (mode === 'write') {
    await mkdir(dir, { recursive: true });
    for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
    for (const b of banks) io.stdout(`wrote ${b.file}  ${b.count} tasks  ${b.bytes} bytes  sha256 ${b.sha256}`);
    io.stdout(`wrote manifest.json in ${dir}`);
    return 0;
  }

  const mismatches: string[] = [];
  const diskManifestBytes = await readIfPresent(join(dir, 'manifest.json'));
  let diskManifest: { banks?: { file?: string; sha256?: string }[]; files?: { file?: string; sha256?: string }[] } = {};
  try {
    diskManifest = diskManifestBytes ? (JSON.parse(diskManifestBytes.toString('utf8')) as typeof diskManifest) : {};
  } catch {
    diskManifest = {};
  }
  for (const b of banks) {
    const disk = await readIfPresent(join(dir, b.file));
    const listed = (diskManifest.banks ?? diskManifest.files)?.find((x) => x.file === b.file)?.sha256;
    if (!disk) {
      mismatches.push(b.file);
      io.stdout(`MISMATCH  ${b.file}: missing on disk`);
      continue;
    }
    const diskSha = sha256(disk);
    const sameBytes = Buffer.compare(disk, Buffer.from(files[b.file] ?? '', 'utf8')) === 0;
    if (!sameBytes || diskSha !== b.sha256 || listed !== b.sha256) {
      mismatches.push(b.file);
      io.stdout(`MISMATCH  ${b.file}: disk sha256 ${diskSha}, manifest on disk ${listed ?? 'none'}, regenerated ${b.sha256}`);
    } else {
      io.stdout(`ok        ${b.file}  ${b.count} tasks  ${b.bytes} bytes  sha256 ${b.sha256}`);
    }
  }
  const manifestText = files['manifest.json'] ?? '';
  if (!diskManifestBytes || diskManifestBytes.toString('utf8') !== manifestText) {
    mismatches.push('manifest.json');
    io.stdout(`MISMATCH  manifest.json: ${diskManifestBytes ? 'differs from the regenerated manifest' : 'missing on disk'}`);
  } else {
    io.stdout('ok        manifest.json');
  }
  if (mismatches.length > 0) {
    io.stderr(`bank --check: mismatch in ${mismatches.join(', ')}; run \`proving-ground bank --write\` to regenerate ${dir}`);
    return 1;
  }
  return 0;
}
