/**
 * The paper-reproduction figures (issue 19): every task's reference workflow clean-replayed in Node
 * — cold (a fresh evaluator worker thread per task: thread start, engine load and the replay, as a
 * `replay` or `verify` meets it) and warm (the replay alone, best and median of 3 in process;
 * goal: every replay under 30 s on the 2-core machine) — then the task table (claim's citation,
 * solver, reference score, plausible score with its M/E/V stages) and Partial/Full over the bank
 * for the three built-in agents.
 */
import { loadavg } from 'node:os';
import { createInProcessReproductionEnv, createNodeReproductionEnv } from '../src/adapters/node/reproduction-env.ts';
import { REPRODUCTION_TASKS } from '../src/core/reproduction/tasks/index.ts';

const fmt = (x: number | null): string => (x === null ? '—' : x.toFixed(3));
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const local = await createInProcessReproductionEnv();

console.log(`load average ${loadavg()[0]!.toFixed(2)} on this machine at start`);
console.log('\n| task | solver | citation | reference | cold replay (s) | warm best / median (s) | plausible | M / E / V | empty |');
console.log('| --- | --- | --- | ---: | ---: | ---: | ---: | --- | ---: |');
let slowest = 0;
let full = 0;
const plausibleScores: number[] = [];
for (const def of REPRODUCTION_TASKS) {
  const id = def.task.task_id;
  const thread = await createNodeReproductionEnv();
  const t0 = performance.now();
  const cold = await thread.evaluate(id, def.reference);
  const coldS = (performance.now() - t0) / 1000;
  await thread.dispose();
  const warm: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    await local.evaluate(id, def.reference);
    warm.push((performance.now() - t) / 1000);
  }
  const plausible = await local.evaluate(id, def.plausible);
  const empty = await local.evaluate(id, []);
  slowest = Math.max(slowest, coldS, ...warm);
  if (cold.rubric.full) full++;
  plausibleScores.push(plausible.rubric.score);
  const s = plausible.rubric.stages;
  console.log(
    `| ${id} | ${def.task.solver} | doi:${def.task.citation.doi} | ${fmt(cold.rubric.score)}${cold.rubric.full ? ' Full' : ''} | ${coldS.toFixed(2)} | ${Math.min(...warm).toFixed(2)} / ${median(warm).toFixed(2)} | ${fmt(plausible.rubric.score)}${plausible.rubric.full ? ' Full' : ''} | ${fmt(s.modeling)} / ${fmt(s.execution)} / ${fmt(s.validation)} | ${fmt(empty.rubric.score)} |`,
  );
}
const partial = plausibleScores.reduce((a, b) => a + b, 0) / plausibleScores.length;
console.log(`\nreference Full on ${full}/${REPRODUCTION_TASKS.length}; plausible Partial ${partial.toFixed(3)} (Full on ${plausibleScores.filter((x) => x > 0.9).length}); slowest replay ${slowest.toFixed(2)} s (goal < 30 s: ${slowest < 30 ? 'met' : 'NOT met'})`);
if (full !== REPRODUCTION_TASKS.length || slowest >= 30) process.exitCode = 1;
