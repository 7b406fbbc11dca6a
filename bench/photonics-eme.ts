/**
 * The EME solver of issue 6 in Node, one thread, TypeScript reference (no WASM kernel):
 * a 4 µm-wide, 24.5 µm-long SiN-like MMI (n = 2.0 in 1.45, λ = 1550 nm) with 1.2 µm access
 * guides, 8 µm window on a 20 nm grid (399 points), 40 modes — one solve, then the same MMI with
 * its length swept over 100 values, in TE and in TM (TM builds two weighted overlaps per junction).
 * Best of a few rounds after a warm-up, median beside it, the 1-minute load average after each
 * line (a loaded machine inflates every figure); the transmission is printed so a speed-up that
 * changes the answer shows.
 * Run: npx tsx bench/photonics-eme.ts
 */
import { loadavg } from 'node:os';
import { literalResolver } from '../src/core/photonics/literal-resolver.ts';
import { EmeProblemSchema } from '../src/core/photonics/eme/problem.ts';
import { solveEme } from '../src/core/photonics/eme/solve.ts';
import { timed } from './timing.ts';

const ctx = { materials: literalResolver };
const core = { n: 2.0, k: 0 };
const guide = (width_um: number) => ({ center_um: 0, width_um, material: core });

function mmi(sweepLengths: number, polarization: 'TE' | 'TM'): unknown {
  return {
    kind: 'eme',
    polarization,
    cladding: { n: 1.45, k: 0 },
    window_um: 8,
    grid_nm: 20,
    modes: 40,
    wavelength_nm: 1550,
    sections: [
      { length_um: 2, cores: [guide(1.2)] },
      { length_um: 24.5, cores: [guide(4)] },
      { length_um: 2, cores: [guide(1.2)] },
    ],
    ...(sweepLengths > 0 ? { sweep: { section: 1, lengths_um: Array.from({ length: sweepLengths }, (_, i) => 20 + i * 0.1) } } : {}),
  };
}


const cases = [
  ['TE MMI, one length', 0, 5, 'TE'],
  ['TE MMI, 100 swept lengths', 100, 3, 'TE'],
  ['TM MMI, one length', 0, 5, 'TM'],
  ['TM MMI, 100 swept lengths', 100, 3, 'TM'],
] as const;
for (const [label, lengths, rounds, polarization] of cases) {
  const problem = EmeProblemSchema.parse(mmi(lengths, polarization));
  const t = timed(rounds, () => solveEme(problem, ctx));
  const best = t.result.transmission.filter((r) => r.output_mode === 0).reduce((a, b) => (b.T > a.T ? b : a));
  console.log(
    `${label}: ${t.best.toFixed(1)} ms best, ${t.median.toFixed(1)} ms median — ${t.result.grid.points} points, ${t.result.grid.modes_kept} modes; ` +
      `T00 = ${best.T.toFixed(4)}${best.length_um === null ? '' : ` (best at L = ${best.length_um.toFixed(1)} µm)`} [load ${(loadavg()[0] ?? 0).toFixed(2)}]`,
  );
}
