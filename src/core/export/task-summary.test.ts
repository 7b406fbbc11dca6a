import { beforeAll, describe, expect, it } from 'vitest';
import type { VehRunResult as RunResult } from '../veh/run/run-veh.ts';
import { summariseTask, summariseTasks } from './task-summary.ts';
import { vehSuite } from '../veh/suite.ts';
import { fixtureRun } from './test-run.ts';

let reference: RunResult;
let random: RunResult;
beforeAll(async () => {
  reference = await fixtureRun('reference');
  random = await fixtureRun('random');
});

describe('summariseTasks', () => {
  it('the privileged reference agent passes every fixture task with nothing failed', () => {
    const s = summariseTasks(vehSuite.scoring, reference.rows, reference.transcripts);
    expect(s).toHaveLength(reference.rows.length);
    for (const t of s) expect({ id: t.task_id, pass: t.pass, failed: t.failed_checks }).toEqual({ id: t.task_id, pass: true, failed: [] });
    // P1 scores 1 for the gold action; P4's Kendall τ of the oracle's own order is 1 by definition.
    for (const t of s.filter((x) => x.group === 'P1' || x.group === 'P4')) expect(t.score).toBe(1);
    // P2/P3 score P/P_BKF of a feasible final design: positive.
    for (const t of s.filter((x) => x.group === 'P2' || x.group === 'P3')) expect(t.score).toBeGreaterThan(0);
  });

  it('tool calls agree with the row: a P2 row counts its evaluated queries, the summary the agent oracle calls', () => {
    const s = summariseTasks(vehSuite.scoring, random.rows, random.transcripts);
    random.rows.forEach((row, i) => {
      if (row.probe === 'P2') expect(s[i]?.tool_calls).toBe(row.queries);
    });
  });

  it('turns, timing and a built-in agent at zero cost', () => {
    const t = random.transcripts[0]!;
    const line = summariseTask(vehSuite.scoring, 0, random.rows[0]!, t);
    expect(line.turns).toBe(t.events.filter((e) => e.type === 'reply' && e.attempt === 0).length);
    expect(line.turns).toBeGreaterThan(0);
    expect(line.wall_ms).toBe(t.timings.duration_ms);
    expect(line).toMatchObject({ input_tokens: 0, output_tokens: 0, cost_usd: 0 });
  });

  it('a failing task names its failed checks', () => {
    const s = summariseTasks(vehSuite.scoring, random.rows, random.transcripts);
    const failing = s.filter((t) => !t.pass);
    expect(failing.length).toBeGreaterThan(0);
    for (const t of failing) expect(t.failed_checks.length).toBeGreaterThan(0);
    const p1 = random.rows.findIndex((r) => r.probe === 'P1' && r.predicted_action !== r.gold_action);
    if (p1 >= 0) expect(s[p1]?.failed_checks[0]?.check).toMatch(/^(parse|action)$/);
  });

  it('a row without transcript still gets a line (no counts, unknown cost)', () => {
    const line = summariseTask(vehSuite.scoring, 3, random.rows[0]!, undefined);
    expect(line).toMatchObject({ task_index: 3, tool_calls: 0, turns: 0, cost_usd: null });
  });
});
