/**
 * The spec-to-design figures (issue 18): a full `reference` run over every task of the shipped bank
 * in Node — the evaluator in its worker thread, each design rebuilt from source in the sandbox and
 * scored with its numerical re-solve (goal: under 2 minutes on the 2-core machine) — printed as the
 * task table (task, family, physics, c, reference J and S), then where the `starter` agent and the
 * random-search baseline (every probe of every task) land.
 */
import { createNodeDesignEnv } from '../src/adapters/node/design-env.ts';
import { loadShippedBank } from '../src/adapters/node/suite-environments.ts';
import { designSuite } from '../src/core/design/suite.ts';
import type { DesignTask } from '../src/core/design/task-schema.ts';
import type { DesignRow } from '../src/core/design/rows.ts';
import { runSuite } from '../src/core/run/run-suite.ts';
import type { AnySuite } from '../src/core/suite/contract.ts';

const bank = await loadShippedBank(designSuite as unknown as AnySuite);
const tasks = bank.tasks as DesignTask[];
const env = await createNodeDesignEnv();
const fmt = (x: number | null): string => (x === null ? '—' : Number(x.toPrecision(4)).toString());

async function runAgent(id: string): Promise<{ rows: DesignRow[]; wall: number }> {
  const agent = designSuite.agents.find((a) => a.id === id);
  if (!agent) throw new Error(`no agent ${id}`);
  const t0 = performance.now();
  const r = await runSuite(designSuite, { tasks, agent, env, clock: () => Date.now(), seed: 42, options: {}, bankHash: bank.hash });
  return { rows: r.rows, wall: (performance.now() - t0) / 1000 };
}

const ref = await runAgent('reference');
const design = ref.rows.filter((r) => r.family === 'design');
const reimpl = ref.rows.filter((r) => r.family === 'reimplementation');
console.log(`reference agent, ${tasks.length} tasks (${design.length} design + ${reimpl.length} reimplementation), Node, evaluator in a worker thread: ${ref.wall.toFixed(1)} s wall`);
console.log(`  valid ${ref.rows.filter((r) => r.valid).length}/${ref.rows.length}; design S ≥ 0.5 on ${design.filter((r) => r.score >= 0.5).length}/${design.length}; reimplementation |S − 0.5| ≤ 1e-9 on ${reimpl.filter((r) => Math.abs(r.score - 0.5) <= 1e-9).length}/${reimpl.length}`);
console.log('\n| task | family | physics | c | reference J | reference S | time (s) |');
console.log('| --- | --- | --- | ---: | ---: | ---: | ---: |');
for (const r of ref.rows) {
  const t = tasks.find((x) => x.task_id === r.task_id) as DesignTask;
  console.log(`| ${r.task_id} | ${r.family} | ${r.physics} | ${fmt(t.c)} ${t.spec.objective.unit} | ${fmt(r.scored_J)} | ${r.score.toFixed(4)} | ${(r.wall_ms / 1000).toFixed(2)} |`);
}

const mean = (rows: readonly DesignRow[], f: (r: DesignRow) => number) => rows.reduce((s, r) => s + f(r), 0) / Math.max(1, rows.length);
const others = ['starter', 'random-search'];
for (const id of others) {
  const r = await runAgent(id);
  const byFamily = (fam: string) => r.rows.filter((x) => x.family === fam);
  console.log(`\n${id}: ${r.wall.toFixed(1)} s wall; valid ${r.rows.filter((x) => x.valid).length}/${r.rows.length}; mean S design ${mean(byFamily('design'), (x) => x.score).toFixed(3)}, reimplementation ${mean(byFamily('reimplementation'), (x) => x.score).toFixed(3)}`);
  console.log(`  per task: ${r.rows.map((x) => `${x.task_id} ${x.score.toFixed(3)}${x.valid ? '' : ` (${x.evaluated.at(-1)?.first_failed_gate ?? 'nothing evaluated'})`}`).join('; ')}`);
}
await env.dispose();
