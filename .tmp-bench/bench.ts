import { DesignEvaluator } from '/work/main/src/core/veh/bank/evaluator.ts';
import { boundsOf, boxOf } from '/work/main/src/core/veh/bank/bounds.ts';
import { maximizePower } from '/work/main/src/core/veh/bank/search.ts';
import { createRng } from '/work/main/src/core/stats/rng.ts';
const ctx = { piezo: 'PZT-5A', substrate: 'brass', damping: 0.02, frequencyHz: 60, accelerationG: 0.5, limits: { max_stress_mpa: 30, max_disp_mm: 2, max_freq_error_pct: 5, min_power_uw: 0 } };
const ev = new DesignEvaluator(ctx);
const x = Float64Array.from([50, 20, 200, 300, 2, 40000]);
let t0 = performance.now();
for (let i = 0; i < 2e6; i++) { x[0] = 40 + (i % 100) * 0.1; ev.run(x); }
console.log('run ns/eval', ((performance.now() - t0) / 2e6 * 1e6).toFixed(0));
const box = boxOf(boundsOf([20, 10, 100, 150, 0, 5000], [90, 40, 400, 600, 10, 200000]));
for (let k = 0; k < 3; k++) {
  const e2 = new DesignEvaluator(ctx);
  t0 = performance.now();
  const r = maximizePower(e2, box, createRng(k));
  const dt = performance.now() - t0;
  console.log('search ms', dt.toFixed(1), 'evals', r.evaluations, 'ns/eval', (dt / r.evaluations * 1e6).toFixed(0));
}
