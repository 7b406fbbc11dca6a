/**
 * The grid solvers of issue 6 in Node, one thread, beside the peer figures the issue quotes:
 * - RCWA: the lamellar test grating (one layer, TE) at 161 harmonics (N = 80); Python grcwa ≈ 0.2 s.
 * - PWE: square lattice of ε = 12 rods, r = 0.2a, TM, 29 × 29 = 841 plane waves; NumPy ≈ 0.15 s per k-point.
 * Both run the TypeScript reference (no WASM or WebGPU kernel yet). Each figure is the best of a few
 * rounds after a warm-up, the median beside it.
 * Run: npx tsx bench/photonics-grid.ts
 */
import { performance } from 'node:perf_hooks';
import { solveGrating1d } from '../src/core/photonics/rcwa/rcwa1d.ts';
import { solveBands } from '../src/core/photonics/pwe/bands.ts';

function time(rounds: number, work: () => void): { best: number; median: number } {
  work();
  const ms: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    work();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return { best: ms[0] as number, median: ms[Math.floor(ms.length / 2)] as number };
}

const fmt = (t: { best: number; median: number }, unit = 'ms'): string => `${t.best.toFixed(1)} ${unit} (median ${t.median.toFixed(1)})`;

for (const harmonics of [20, 40, 80]) {
  const t = time(harmonics === 80 ? 3 : 5, () => {
    solveGrating1d({
      period: 1,
      wavelength: 0.6328,
      angleDeg: 0,
      polarization: 'TE',
      cover: 1,
      substrate: { n: 1.5, k: 0 },
      harmonics,
      layers: [{ thickness: 0.4, background: { n: 1, k: 0 }, segments: [{ from: 0.25, to: 0.75, index: { n: 1.5, k: 0 } }] }],
    });
  });
  console.log(`RCWA 1D grating, ${2 * harmonics + 1} harmonics, one layer, TE (TypeScript): ${fmt(t)}`);
}
console.log('  peer: Python grcwa ≈ 200 ms at 161 harmonics (issue 6, measured on this machine)');

for (const p of [15, 21, 29]) {
  const kPointsPerSegment = 1;
  const t = time(p === 29 ? 2 : 3, () => {
    solveBands({ lattice: 'square', background: 1, shapes: [{ shape: 'circle', center: { x: 0, y: 0 }, radius: 0.2, epsilon: 12 }], polarization: 'TM', planeWavesPerAxis: p, kPointsPerSegment, bands: 8 });
  });
  // One segment per side of Γ–X–M–Γ at 1 point each: 4 k-points, plus the one-off κ = ε⁻¹.
  console.log(`PWE square lattice, ${p * p} plane waves, TM (TypeScript): ${(t.best / 4).toFixed(1)} ms per k-point (4 k-points, ε⁻¹ included; median ${(t.median / 4).toFixed(1)})`);
}
console.log('  peer: NumPy plane-wave solve ≈ 150 ms per k-point at 841 plane waves (issue 6)');
