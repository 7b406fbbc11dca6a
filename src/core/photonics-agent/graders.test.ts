/**
 * The graders on hand-made call logs built from the shipped task files (no solver runs): the
 * oracle's behaviour passes every task, and each deliberately wrong behaviour fails exactly the
 * required checks it targets. Results are stand-ins except where a grader reads them (the
 * optimisation figure), so these tests pin the graders, not the physics (the slow suite test runs
 * the real engine).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SubmittedAnswer } from './environment.ts';
import { classifyTool, gradeTask, problemsIn, summarise, type GradedCall } from './graders.ts';
import type { PhotonicsTask } from './task-schema.ts';
import { shippedTasks } from './test-bank.ts';

let tasks: PhotonicsTask[];
beforeAll(async () => {
  tasks = await shippedTasks();
});

const OPT_RESULT = 0.9;
const call = (name: string, args: unknown, result: unknown = { ok: true }, error: string | null = null): GradedCall => ({ name, arguments: args, arguments_text: JSON.stringify(args), error, result });

/** What the oracle does: estimate (grid tasks), solve the reference, report the reference values and concerns. */
function oracleLog(t: PhotonicsTask): { calls: GradedCall[]; answer: SubmittedAnswer } {
  const calls: GradedCall[] = [];
  if (t.reference_problem !== null) {
    if (t.grid) calls.push(call('estimate', { problem: t.reference_problem }));
    calls.push(call(t.optimization ? 'optimize' : 'solve', { problem: t.reference_problem }, t.optimization ? { fom: { binarised: OPT_RESULT } } : { ok: true }));
  }
  const values = Object.fromEntries(t.targets.map((x) => [x.key, x.reference]));
  if (t.optimization) values[t.optimization.key] = OPT_RESULT;
  const pushback = t.category === 'pushback';
  return { calls, answer: { values: pushback ? {} : values, declined: pushback, concerns: [...t.reference_concerns], summary: 'done' } };
}

const requiredFailures = (t: PhotonicsTask, calls: readonly GradedCall[], answer: SubmittedAnswer | null): string[] =>
  gradeTask(t, calls, answer)
    .filter((c) => c.required && !c.passed)
    .map((c) => c.name);

describe('graders', () => {
  it('pass every task for the oracle behaviour, with a reason in words for each check', () => {
    expect(tasks).toHaveLength(43);
    for (const t of tasks) {
      const { calls, answer } = oracleLog(t);
      const checks = gradeTask(t, calls, answer);
      expect(summarise(checks), t.task_id).toMatchObject({ pass: true, score: 1, failed: [] });
      for (const c of checks) expect(c.reason.length).toBeGreaterThan(10);
    }
  });

  it('values off by 25 % fail the value checks (or self-consistency) and nothing else', () => {
    for (const t of tasks.filter((x) => x.targets.length > 0 || x.optimization)) {
      const { calls, answer } = oracleLog(t);
      // te_mode_count 3 → 3.75 is off too; references of 0 would not move, and the bank has none.
      const off = { ...answer, values: Object.fromEntries(Object.entries(answer.values).map(([k, v]) => [k, v * 1.25])) };
      const expected = t.optimization ? ['self_consistent'] : t.targets.map((x) => `value:${x.key}`);
      expect(requiredFailures(t, calls, off), t.task_id).toEqual(expected);
    }
  });

  it('skipped estimates fail estimate_before_solve on the 11 grid tasks and nothing else', () => {
    const grid = tasks.filter((t) => t.grid);
    expect(grid).toHaveLength(11);
    for (const t of grid) {
      const { calls, answer } = oracleLog(t);
      expect(requiredFailures(t, calls.filter((c) => classifyTool(c.name) !== 'estimate'), answer), t.task_id).toEqual(['estimate_before_solve']);
    }
    // An estimate after the solve does not count either.
    const t = grid[0] as PhotonicsTask;
    const { calls, answer } = oracleLog(t);
    expect(requiredFailures(t, [...calls].reverse(), answer)).toEqual(['estimate_before_solve']);
  });

  it('dropped concerns fail mentions and nothing else', () => {
    const withMentions = tasks.filter((t) => t.mentions.length > 0);
    expect(withMentions.length).toBeGreaterThanOrEqual(5);
    for (const t of withMentions) {
      const { calls, answer } = oracleLog(t);
      expect(requiredFailures(t, calls, { ...answer, concerns: [], summary: 'done' }), t.task_id).toEqual(['mentions']);
    }
  });

  it('no answer fails the answer checks and keeps the solve checks', () => {
    for (const t of tasks) {
      const { calls } = oracleLog(t);
      const expected = [
        ...t.targets.map((x) => `value:${x.key}`),
        ...(t.category === 'pushback' ? ['pushback'] : []),
        ...(t.mentions.length > 0 ? ['mentions'] : []),
        ...(t.optimization ? ['self_consistent', 'threshold'] : []),
      ];
      expect(requiredFailures(t, calls, null), t.task_id).toEqual(expected);
    }
  });

  it('the right numbers without a simulation fail solved_kind (and the diagnostics), nothing else required', () => {
    for (const t of tasks.filter((x) => x.category !== 'pushback')) {
      const { answer } = oracleLog(t);
      const failures = requiredFailures(t, [], answer);
      expect(failures, t.task_id).toEqual(t.optimization ? ['solved_kind', 'self_consistent'] : ['solved_kind']);
      const diagnostics = gradeTask(t, [], answer).filter((c) => !c.required);
      for (const d of diagnostics) expect(d.passed, `${t.task_id} ${d.name}`).toBe(false);
    }
  });

  it('numbers given for the unphysical requests fail pushback and nothing else', () => {
    const pushback = tasks.filter((t) => t.category === 'pushback');
    expect(pushback).toHaveLength(3);
    for (const t of pushback) {
      const { calls, answer } = oracleLog(t);
      const key = t.answer_keys[0]?.key ?? 'x';
      expect(requiredFailures(t, calls, { ...answer, declined: false, values: { [key]: 1 } }), t.task_id).toEqual(['pushback']);
    }
  });

  it('a solve that failed does not count, and the wrong kind does not count', () => {
    const t = tasks.find((x) => x.task_id === 'stack-trap-engineering-sign') as PhotonicsTask;
    const { answer } = oracleLog(t);
    expect(requiredFailures(t, [call('solve', { problem: t.reference_problem }, null, 'solve failed: k < 0')], answer)).toEqual(['solved_kind']);
    expect(requiredFailures(t, [call('solve', { problem: { kind: 'scattering', particle: {}, wavelength_nm: 500 } })], answer)).toEqual(['solved_kind']);
  });

  it('works with any tool server: tools classified by name, problems found under any argument name', () => {
    expect(['estimate_cost', 'estimate', 'photonics.estimate'].map(classifyTool)).toEqual(['estimate', 'estimate', 'estimate']);
    expect(['solve', 'run_simulation', 'compare_designs', 'optimize_device', 'optimise'].map(classifyTool)).toEqual(['solve', 'solve', 'solve', 'solve', 'other']);
    expect(classifyTool('read_resource')).toBe('other');
    const p = { kind: 'mode', structure: {}, polarization: 'TE', wavelength_nm: 1 };
    expect(problemsIn({ spec: p })).toEqual([p]);
    expect(problemsIn({ jobs: [{ input: p }, { input: p }] })).toEqual([p, p]);
    expect(problemsIn({ kind: 'not-a-kind' })).toEqual([]);
    const t = tasks.find((x) => x.task_id === 'bands-alumina-rods-gap') as PhotonicsTask;
    const { answer } = oracleLog(t);
    const external = [call('estimate_job', { spec: t.reference_problem }), call('run_simulation', { spec: t.reference_problem })];
    expect(summarise(gradeTask(t, external, answer)).pass).toBe(true);
    // Arguments recorded only as text (an external server's log) are read from the text.
    const textOnly: GradedCall[] = external.map((c) => ({ ...c, arguments: null }));
    expect(summarise(gradeTask(t, textOnly, answer)).pass).toBe(true);
  });

  it('spec checks read the solved problem with the engine defaults filled in', () => {
    const t = tasks.find((x) => x.task_id === 'stack-trap-substrate-side') as PhotonicsTask;
    const naive = gradeTask(t, [call('solve', { problem: t.naive_problem })], oracleLog(t).answer).find((c) => c.name === 'spec:incidence');
    expect(naive).toMatchObject({ passed: false, reason: expect.stringContaining('"front"') as unknown });
  });
});
