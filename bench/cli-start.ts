/**
 * CLI start-up: `proving-ground --version` and a one-wavelength `solve` (gold sphere in water, the
 * library resolving both names), whole process, wall and CPU time (user + system, from bash's `time`),
 * run from a temporary working directory. The prebuilt bundle (build/cli, `npm run build:cli`) and
 * the tsx fallback (PROVING_GROUND_TSX=1) run alternately; medians of ROUNDS runs each. Beside them,
 * in the same rounds: `node` on an empty module (the floor any Node CLI pays; ours minus it is the
 * CLI's own cost, the part load inflates least) and, when python3 has
 * NumPy and SciPy, `python3 -c 'import numpy, scipy.linalg'` (what a Python peer pays before its
 * first solve, issue 20's comparison); the headline is that CPU time ÷ ours (above 1: we start faster).
 * Run: npx tsx bench/cli-start.ts
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROUNDS = 5;
const CLI = fileURLToPath(new URL('../cli/proving-ground.mjs', import.meta.url));
const BUNDLE = fileURLToPath(new URL('../build/cli/main.mjs', import.meta.url));

interface Run {
  readonly cpu: number;
  readonly wall: number;
}

function timed(args: string, cwd: string, tsx: boolean): Run {
  const env = { ...process.env, PROVING_GROUND_TSX: tsx ? '1' : '0' };
  const r = spawnSync('bash', ['-c', `TIMEFORMAT='%U %S %R'; time ( '${process.execPath}' '${CLI}' ${args} > /dev/null )`], { cwd, env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`proving-ground ${args} failed: ${r.stderr}`);
  const [user, sys, real] = (r.stderr.trim().split('\n').pop() as string).split(' ').map(Number) as [number, number, number];
  return { cpu: user + sys, wall: real };
}

/** CPU and wall time of any command line (bash `time`), or null when it fails (a peer not installed). */
function timedCommand(command: string, cwd: string): Run | null {
  const r = spawnSync('bash', ['-c', `TIMEFORMAT='%U %S %R'; time ( ${command} > /dev/null 2>&1 )`], { cwd, encoding: 'utf8' });
  if (r.status !== 0) return null;
  const [user, sys, real] = (r.stderr.trim().split('\n').pop() as string).split(' ').map(Number) as [number, number, number];
  return { cpu: user + sys, wall: real };
}

const PYTHON_PEER = "python3 -c 'import numpy, scipy.linalg'";

const median = (xs: number[]): number => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

export function runCliStartBench(): void {
  const dir = mkdtempSync(join(tmpdir(), 'pg-cli-start-'));
  try {
    writeFileSync(
      join(dir, 'one.json'),
      JSON.stringify({ kind: 'scattering', particle: { shape: 'sphere', radius_nm: 50, material: 'Au' }, medium: 'water', wavelength_range_nm: { start: 550, stop: 550, count: 1 } }),
    );
    writeFileSync(join(dir, 'empty.mjs'), '');
    const floor: number[] = [];
    const peer: number[] = [];
    let peerMissing = timedCommand(PYTHON_PEER, dir) === null;
    /** Node's floor and the Python peer, timed in the same rounds as ours so load hits all alike. */
    const timeFloorAndPeer = (): number => {
      const f = (timedCommand(`'${process.execPath}' empty.mjs`, dir) as Run).cpu;
      floor.push(f);
      const p = peerMissing ? null : timedCommand(PYTHON_PEER, dir);
      if (p === null) peerMissing = true;
      else peer.push(p.cpu);
      return f;
    };
    const bundled = existsSync(BUNDLE);
    console.log(`CLI start-up from another working directory, median of ${ROUNDS} alternating runs (s)`);
    if (!bundled) console.log('  no bundle: run `npm run build:cli` (part of npm ci / prepare); both columns are tsx');
    for (const [label, args, goal] of [
      ['--version', '--version', 0.15],
      ['solve, 1 wavelength', 'solve one.json', 0.3],
    ] as const) {
      const b: Run[] = [];
      const t: Run[] = [];
      const above: number[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        b.push(timed(args, dir, false));
        t.push(timed(args, dir, true));
        above.push((b[r] as Run).cpu - timeFloorAndPeer());
      }
      const cpu = median(b.map((x) => x.cpu));
      console.log(
        `  ${label.padEnd(20)} bundle ${cpu.toFixed(2)} CPU ${median(b.map((x) => x.wall)).toFixed(2)} wall   ` +
          `tsx ${median(t.map((x) => x.cpu)).toFixed(2)} CPU ${median(t.map((x) => x.wall)).toFixed(2)} wall   ` +
          `(tsx / bundle CPU ${(median(t.map((x) => x.cpu)) / cpu).toFixed(1)}×; goal ≤ ${goal} s CPU: ${cpu <= goal ? 'met' : 'not met'}; ` +
          `${median(above).toFixed(2)} s above node's own floor)` +
          (peerMissing ? '' : `   ${PYTHON_PEER} / ours CPU: ${(median(peer) / cpu).toFixed(2)}×`),
      );
    }
    console.log(
      `  floor: node on an empty module ${median(floor).toFixed(2)} s CPU (the goals assume an idle machine; on a loaded one the floor grows and the figures with it)` +
        (peerMissing ? `; ${PYTHON_PEER} skipped (python3 with NumPy and SciPy not found)` : `; ${PYTHON_PEER} ${median(peer).toFixed(2)} s CPU`),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) runCliStartBench();
