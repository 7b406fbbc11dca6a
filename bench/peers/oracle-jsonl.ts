/**
 * `proving-ground oracle veh` on 100,000 JSONL designs, whole process (start, parse, evaluate, write),
 * beside a plain-Python reference doing the same I/O (bench/peers/oracle_veh_reference.py: json +
 * cmath, our own driver). The designs are seeded and written once to a temporary file; the two
 * commands run alternately, stdin from that file and stdout to a file, and each run's CPU time
 * (user + system of the child, from bash's `time`) is taken. The figure is the median over rounds of
 * Python CPU / ours CPU; the outputs are checked against each other (and ours for round-trip doubles).
 * Run: npx tsx bench/peers/oracle-jsonl.ts [count]   (needs python3 for the reference; skipped without)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRng } from '../../src/core/stats/rng.ts';

const ROUNDS = 3;
const here = (f: string): string => fileURLToPath(new URL(f, import.meta.url));
const CLI = here('../../cli/proving-ground.mjs');
const PYTHON_REFERENCE = here('./oracle_veh_reference.py');

const PIEZO = ['PZT-5A', 'PZT-5H', 'MFC-M8528', 'PVDF'];
const SUBSTRATE = ['stainless_steel', 'aluminum', 'brass', 'titanium'];

/** Designs spread over the bank's ranges; a third name their environment, a third give a constraint list (as task files do). */
export function designLines(count: number, seed = 20): string {
  const rng = createRng(seed);
  const u = (lo: number, hi: number): number => lo + (hi - lo) * rng.uniform(0, 1);
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const request: Record<string, unknown> = {
      design: {
        beam_length_mm: u(10, 100),
        beam_width_mm: u(5, 30),
        substrate_thickness_um: u(50, 500),
        piezo_thickness_um: u(50, 300),
        tip_mass_g: u(0, 20),
        load_resistance_ohm: Math.exp(u(Math.log(1e3), Math.log(1e6))),
      },
      excitation: { frequency_hz: u(20, 200), acceleration_g: u(0.1, 1) },
    };
    if (i % 3 === 1) request.environment = { piezo_material: PIEZO[i % 4], substrate_material: SUBSTRATE[(i >> 2) % 4], damping_ratio: u(0.005, 0.03) };
    if (i % 3 === 2) request.constraints = [{ name: 'max_stress_mpa', limit: 40 }, { name: 'min_power_uw', limit: 10 }];
    lines.push(JSON.stringify(request));
  }
  return `${lines.join('\n')}\n`;
}

interface Run {
  readonly cpu: number;
  readonly wall: number;
}

/** Runs `command` in bash with stdin/stdout redirected; CPU and wall seconds from bash's `time`. */
function timedRun(command: string, input: string, output: string): Run {
  const r = spawnSync('bash', ['-c', `TIMEFORMAT='%U %S %R'; time ( ${command} < '${input}' > '${output}' )`], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${command} failed: ${r.stderr}`);
  const [user, sys, real] = (r.stderr.trim().split('\n').pop() as string).split(' ').map(Number) as [number, number, number];
  return { cpu: user + sys, wall: real };
}

const median = (xs: number[]): number => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

export function runOracleJsonlBench(count = 100_000): void {
  const python = process.env.PEER_PYTHON ?? 'python3';
  const hasPython = spawnSync(python, ['-c', 'import cmath, json'], { encoding: 'utf8' }).status === 0;
  const dir = mkdtempSync(join(tmpdir(), 'pg-oracle-jsonl-'));
  try {
    const input = join(dir, 'designs.jsonl');
    writeFileSync(input, designLines(count));
    const ours = `'${process.execPath}' '${CLI}' oracle veh`;
    const peer = `'${python}' '${PYTHON_REFERENCE}'`;
    const oursRuns: Run[] = [];
    const peerRuns: Run[] = [];
    const ratios: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      oursRuns.push(timedRun(ours, input, join(dir, 'ours.jsonl')));
      if (hasPython) {
        peerRuns.push(timedRun(peer, input, join(dir, 'python.jsonl')));
        ratios.push((peerRuns[r] as Run).cpu / (oursRuns[r] as Run).cpu);
      }
    }
    const oursLines = readFileSync(join(dir, 'ours.jsonl'), 'utf8').trimEnd().split('\n');
    if (oursLines.length !== count) throw new Error(`ours wrote ${oursLines.length} lines for ${count} designs`);
    const fmt = (runs: Run[]): string => `${median(runs.map((x) => x.cpu)).toFixed(2)} s CPU, ${median(runs.map((x) => x.wall)).toFixed(2)} s wall`;
    console.log(`${count.toLocaleString('en')} JSONL designs in → results out, whole process, median of ${ROUNDS} alternating runs`);
    console.log(`  proving-ground oracle veh:           ${fmt(oursRuns)}  (${Math.round(count / median(oursRuns.map((x) => x.cpu))).toLocaleString('en')} designs per CPU second)`);
    if (!hasPython) {
      console.log(`  Python reference skipped: ${python} not found (set PEER_PYTHON)`);
      return;
    }
    const peerLines = readFileSync(join(dir, 'python.jsonl'), 'utf8').trimEnd().split('\n');
    let worst = 0;
    for (let i = 0; i < count; i += 97) {
      const a = JSON.parse(oursLines[i] as string) as Record<string, number>;
      const b = JSON.parse(peerLines[i] as string) as Record<string, number>;
      for (const key of ['resonant_freq_hz', 'load_power_uw', 'tip_stress_mpa', 'tip_disp_mm']) {
        worst = Math.max(worst, Math.abs((a[key] as number) - (b[key] as number)) / Math.abs(b[key] as number));
      }
    }
    console.log(`  Python json + cmath reference:       ${fmt(peerRuns)}`);
    console.log(`  ratio Python / ours (CPU): ${median(ratios).toFixed(2)}×   (goal ≥ 3×); outputs agree to ${worst.toExponential(1)} relative`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) runOracleJsonlBench(Number(process.argv[2] ?? 100_000));
