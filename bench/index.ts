/**
 * `npm run bench`: every figure the issues ask for, printed by one command.
 *  1. VEH oracle evaluations per second in Node (reference TS and WASM, one thread).
 *  2. A full reference-agent run over all 763 VEH tasks in Node.
 *  2b. Photonics kernels in Node: Mie µs per sphere, thin-film µs per wavelength (beside their Python peers).
 *  2c. Grid solvers in Node: RCWA ms per grating solve (1-D on both linear-algebra kernels, 2-D
 *      photonic-crystal slab), PWE ms per k-point (dense against FFT + LOBPCG), the channel mode
 *      solver on EMpy's grids, DDA, EME and inverse design (beside grcwa, NumPy and EMpy).
 *  2d. The photonics agent: the oracle over all 43 tasks in Node, and one Mie solve over stdio MCP
 *      against the in-process call.
 *  2e. Spec-to-design: a full reference run over every task (evaluator in its worker thread), the
 *      task table, and where the starter agent lands.
 *  2f. Paper reproduction: every reference workflow clean-replayed (cold in a fresh evaluator thread,
 *      warm in process), the task table with the plausible workflows' scores and stages.
 *  3. In headless Debian Chromium (when dist/ and /usr/bin/chromium exist): oracle evaluations per
 *     second in the Web Worker and a full reference-agent run in the page's worker (bench.html), and
 *     the same reference run through the Run page as a user makes it (IndexedDB, live table) beside
 *     the worker-only run and their ratio (bench/veh-page-run.ts, issue 20), the photonics agent's oracle over all 43 tasks through the page's Run form (its photonics worker),
 *     and the DDA backend parity table (WebGPU on Chromium's software adapter: correctness, not speed).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = (f: string): string => fileURLToPath(new URL(f, import.meta.url));
const tsx = fileURLToPath(new URL('../node_modules/tsx/dist/cli.mjs', import.meta.url));

function step(title: string, script: string): void {
  console.log(`\n== ${title}`);
  const r = spawnSync(process.execPath, [tsx, here(script)], { stdio: 'inherit' });
  if (r.status !== 0) process.exitCode = r.status ?? 1;
}

// The CLI figures below time the prebuilt bundle: build it from the sources as they are now.
if (spawnSync(process.execPath, [here('../scripts/build-cli.mjs')], { stdio: 'inherit' }).status !== 0) process.exitCode = 1;
step('CLI start-up (prebuilt bundle against tsx)', './cli-start.ts');
step('VEH oracle throughput, Node', './oracle-node.ts');
step('oracle veh on 100,000 JSONL designs, whole process, beside a plain-Python reference (interleaved)', './peers/oracle-jsonl.ts');
step('Reference agent over the whole VEH bank, Node', './reference-run.ts');
step('Mie scattering, Node', './photonics-mie.ts');
step('Named-material Mie spectrum beside miepython (interleaved), Node', './peers/miepython.ts');
step('Thin-film transfer matrix, Node', './photonics-tmm.ts');
step('Slab modes and circuits, Node', './photonics-slab-circuit.ts');
step('Grid solvers (RCWA, plane-wave bands), Node', './photonics-grid.ts');
step('Plane-wave bands per k-point beside MPB and NumPy/SciPy (interleaved)', './peers/mpb-pwe.ts');
step('2-D RCWA (photonic-crystal slab), Node', './photonics-rcwa2d.ts');
step('Channel mode solver (full- and semi-vectorial), Node', './photonics-fdmode.ts');
step('Channel modes beside EMpy (whole window and mirror planes, 20 and 10 nm, interleaved; skipped without EMPY_PATH)', './peers/empy-mode.ts');
step('Discrete dipole approximation, Node', './photonics-dda.ts');
step('Eigenmode expansion, Node', './photonics-eme.ts');
step('Inverse design (FDFD + adjoint), Node', './photonics-topopt.ts');
step('Estimates against measured solve times, every grid preset, Node', './photonics-estimates.ts');
step('Photonics agent: oracle over 43 tasks, and an MCP solve round trip against in-process, Node', './photonics-agent.ts');
step('Spec-to-design: the reference agent over every task (evaluator in its worker thread), and where the starter lands, Node', './design.ts');
step('Paper reproduction: every reference workflow clean-replayed (cold thread and warm), with the plausible and empty workflows beside it, Node', './reproduction.ts');
if (existsSync(here('../dist/bench.html')) && existsSync('/usr/bin/chromium')) {
  step('VEH oracle throughput and reference run, browser Web Worker (headless Chromium)', './oracle-browser.ts');
  step('VEH reference run in the page as a user runs it (Run page, IndexedDB, live table) against the worker-only run, same browser (vite preview)', './veh-page-run.ts');
  step('Photonics agent: oracle over all 43 tasks in the page\'s worker (Run page, headless Chromium)', './photonics-agent-page.ts');
  step('GPU operator backends in the page worker, DDA and plane waves (WebGPU on the software adapter vs the f64 reference)', './photonics-gpu-parity.ts');
} else {
  console.log('\n== Browser benchmark skipped: run `npm run build` first (and apt-get install -y chromium).');
}
