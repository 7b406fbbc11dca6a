/**
 * Named-material Mie spectrum beside miepython: a gold sphere (r = 50 nm, "Au" = Johnson and Christy
 * 1972) in water ("water" = Hale and Querry 1973), 1,000 wavelengths 400–900 nm, solved end to end
 * (library names resolved, kernel, result arrays). The peer gets the same two tables and does what a
 * miepython user does: np.interp of n and k onto the grid, then miepython.efficiencies (numba JIT when
 * numba is installed). Rounds alternate ours / peer so machine load hits both; each side reports its
 * own process CPU time per solve, and the figure is the median of the per-round ratios.
 *
 * The peer is not part of this repository. Install it anywhere and point the bench at it:
 *   python3 -m venv /tmp/mie && /tmp/mie/bin/pip install miepython numba
 *   PEER_PYTHON=/tmp/mie/bin/python npx tsx bench/peers/miepython.ts
 * (or MIEPYTHON_PATH=<a miepython source checkout> to put it on PYTHONPATH). Skipped, with a message,
 * when python3 or miepython is missing.
 * Run: npx tsx bench/peers/miepython.ts   (needs npm run build:wasm)
 */
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { loadNodeWasmMieKernel } from '../../src/adapters/node/mie-wasm.ts';
import { createMaterialLibrary } from '../../src/core/photonics/materials/library.ts';
import { builtinDatasets } from '../../src/core/photonics/materials/builtin.ts';
import type { Curve } from '../../src/core/photonics/materials/curves.ts';
import { ScatteringProblemSchema } from '../../src/core/photonics/mie/problem.ts';
import { solveScattering } from '../../src/core/photonics/mie/solve.ts';

const ROUNDS = 7;
const SOLVES_PER_ROUND = 100;
const RADIUS_NM = 50;

const PEER_SCRIPT = String.raw`
import json, os, sys, time
os.environ.setdefault("MIEPYTHON_USE_JIT", "1")
try:
    import numba  # noqa: F401
except ImportError:
    os.environ["MIEPYTHON_USE_JIT"] = "0"
import numpy as np
import miepython
cfg = json.loads(sys.stdin.readline())
lam = np.array(cfg["wavelengths"])
au, water = cfg["au"], cfg["water"]
d = 2 * cfg["radius"]
def solve():
    m = np.interp(lam, au["wl"], au["n"]) + 1j * np.interp(lam, au["wl"], au["k"])
    n_env = np.interp(lam, water["wl"], water["n"])
    return miepython.efficiencies(m, d, lam, n_env)
q = solve()  # JIT compile and warm-up
print(json.dumps({"version": miepython.__version__, "jit": os.environ["MIEPYTHON_USE_JIT"] == "1", "qext": list(q[0])}), flush=True)
for line in sys.stdin:
    reps = int(line)
    t0 = time.process_time()
    for _ in range(reps):
        solve()
    print((time.process_time() - t0) * 1000 / reps, flush=True)
`;

function table(name: string, which: 'n' | 'k'): { wl: readonly number[]; v: readonly number[] } {
  const record = builtinDatasets().find((r) => r.name === name);
  const curve = record?.[which][0] as Curve | undefined;
  if (curve?.kind !== 'table') throw new Error(`${name}: no ${which} table`);
  return { wl: curve.wavelength_nm, v: curve.values };
}

const median = (xs: number[]): number => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

export async function runMiepythonPeer(): Promise<void> {
  const python = process.env.PEER_PYTHON ?? 'python3';
  const env = { ...process.env, ...(process.env.MIEPYTHON_PATH ? { PYTHONPATH: process.env.MIEPYTHON_PATH } : {}) };
  const probe = spawnSync(python, ['-c', 'import miepython'], { env, encoding: 'utf8' });
  if (probe.status !== 0) {
    console.log(`miepython peer skipped: \`${python} -c "import miepython"\` failed (${(probe.stderr || String(probe.error ?? '')).trim().split('\n').pop()}).`);
    console.log('  Install it outside the repo, e.g. python3 -m venv /tmp/mie && /tmp/mie/bin/pip install miepython numba, then PEER_PYTHON=/tmp/mie/bin/python npm run bench.');
    return;
  }

  const AU = 'Au (Johnson and Christy 1972)';
  const WATER = 'H2O (Hale and Querry 1973)';
  const problem = ScatteringProblemSchema.parse({
    kind: 'scattering',
    particle: { shape: 'sphere', radius_nm: RADIUS_NM, material: 'Au' },
    medium: 'water',
    wavelength_range_nm: { start: 400, stop: 900, count: 1000 },
  });
  const literal = ScatteringProblemSchema.parse({ ...problem, particle: { ...problem.particle, material: { n: 0.5, k: 2 } }, medium: { n: 1.33, k: 0 } });
  const ctx = { materials: createMaterialLibrary(), kernels: { mie: await loadNodeWasmMieKernel() } };
  const ours = solveScattering(problem, ctx);

  const child = spawn(python, ['-c', PEER_SCRIPT], { env, stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async (): Promise<string> => {
    const r = await lines.next();
    if (r.done === true) throw new Error('miepython peer exited early');
    return r.value as string;
  };
  const auN = table(AU, 'n');
  const auK = table(AU, 'k');
  const water = table(WATER, 'n');
  child.stdin.write(
    JSON.stringify({ wavelengths: ours.wavelengths_nm, radius: RADIUS_NM, au: { wl: auN.wl, n: auN.v, k: auK.v }, water: { wl: water.wl, n: water.v } }) + '\n',
  );
  const hello = JSON.parse(await next()) as { version: string; jit: boolean; qext: number[] };
  let worst = 0;
  hello.qext.forEach((q, i) => (worst = Math.max(worst, Math.abs(q - (ours.qext[i] as number)) / Math.abs(q))));

  const cpuMs = (p: typeof problem): number => {
    const c0 = process.cpuUsage();
    for (let i = 0; i < SOLVES_PER_ROUND; i++) solveScattering(p, ctx);
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / 1000 / SOLVES_PER_ROUND;
  };
  for (let i = 0; i < 50; i++) solveScattering(problem, ctx);
  const named: number[] = [];
  const lit: number[] = [];
  const peer: number[] = [];
  const ratio: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    named.push(cpuMs(problem));
    lit.push(cpuMs(literal));
    child.stdin.write(`${SOLVES_PER_ROUND}\n`);
    peer.push(Number(await next()));
    ratio.push((peer[r] as number) / (named[r] as number));
  }
  child.stdin.end();

  console.log(`gold sphere (r = ${RADIUS_NM} nm, "Au") in "water", 1,000 wavelengths 400–900 nm, end to end; CPU ms per solve, median of ${ROUNDS} interleaved rounds of ${SOLVES_PER_ROUND}`);
  console.log(`  ours, named materials:      ${median(named).toFixed(2)} ms`);
  console.log(`  ours, literal indices:      ${median(lit).toFixed(2)} ms   (named / literal = ${(median(named) / median(lit)).toFixed(2)})`);
  console.log(`  miepython ${hello.version}${hello.jit ? ' (numba JIT)' : ' (no numba)'} + np.interp: ${median(peer).toFixed(2)} ms`);
  console.log(`  ratio miepython / ours (named): ${median(ratio).toFixed(2)}×   (goal ≥ 2×); Qext agrees to ${worst.toExponential(1)} relative`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await runMiepythonPeer();
