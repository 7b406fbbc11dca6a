import { describe, expect, it } from 'vitest';
import type { OracleCallEvent } from './events.ts';
import { runEpisode } from '../run/run-episode.ts';
import type { Transcript } from '../run/transcript.ts';
import type { Agent } from '../../agent/types.ts';
import { DESIGN_VARIABLES, limitsFromList, parseOracleRequest, type VehDesign } from '../oracle.ts';
import type { P2Task, VehTask } from '../task-schema.ts';
import { deriveRow } from './derive-row.ts';
import { DRAW_DIGITS, SG_FORMS, SG_POOL_SIZE, bkfAt, buildSgGroup, needsFallbackGold, screeningDesigns, sgSuccess, type SgForm } from './sg-forms.ts';
import { totalViolation } from '../violation.ts';
import { fixtureClock, scriptAgent } from './test-session.ts';
import { fixtureOracle, fixtureP2, fixtureP3 } from './test-fixtures.ts';

const hardP2 = (i: number): P2Task => ({ ...fixtureP2(i), difficulty: 'hard' });

const requestOf = (task: P2Task, design: VehDesign) =>
  parseOracleRequest({ design, excitation: task.excitation_context, environment: task.environment_context, constraints: task.constraints });

function groupOf(task: P2Task) {
  const limits = limitsFromList(task.constraints);
  const results = screeningDesigns(task).map((design) => fixtureOracle.evaluateSync(requestOf(task, design)));
  return { group: buildSgGroup(task, results, limits), results };
}

const evaluate = (task: P2Task, design: VehDesign) => fixtureOracle.evaluateSync(requestOf(task, design));

function runSg(task: VehTask, form: SgForm, agent: Agent): Promise<Transcript> {
  return runEpisode({
    task,
    taskIndex: 0,
    agent,
    oracle: fixtureOracle,
    clock: fixtureClock(),
    runSeed: 1,
    signal: new AbortController().signal,
    p3Variant: 'raw_history',
    controls: { sgForm: form },
  });
}

const harnessCalls = (t: Transcript) =>
  t.events.filter((e): e is OracleCallEvent => e.type === 'oracle_call' && e.purpose === 'harness').map((e) => ({ label: e.label, request: e.request, result: e.result }));
const payloadOf = (t: Transcript): Record<string, unknown> => {
  const user = t.events.find((e) => e.type === 'message' && e.role === 'user');
  return JSON.parse(user?.type === 'message' ? user.content : '{}') as Record<string, unknown>;
};

describe('SG probe groups (Appendix P)', () => {
  // fx-p2-1 has feasible draws (7 of 32); fx-p2-0 has none, so it exercises the BKF fallback.
  const task = hardP2(1);
  const { group } = groupOf(task);

  it('A pool: one feasible gold among infeasible draws, all printed alike; B seed is the least-violating distractor; C masks two variables', () => {
    expect(group.gold_source).toBe('draw');
    expect(group.pool).toHaveLength(SG_POOL_SIZE);
    expect(group.pool.filter((c) => c.design === group.gold).map((c) => c.id)).toEqual([group.correct_id]);
    expect(screeningDesigns(task)).toContainEqual(group.gold);
    expect(group.pool.map((c) => evaluate(task, c.design).feasible)).toEqual(group.pool.map((c) => c.id === group.correct_id));
    // Nothing in the numbers gives the gold away: every candidate is printed at four significant digits.
    for (const c of group.pool) for (const v of DESIGN_VARIABLES) expect(Number(c.design[v].toPrecision(DRAW_DIGITS))).toBe(c.design[v]);
    const distractors = group.pool.filter((c) => c.id !== group.correct_id).map((c) => c.design);
    expect(distractors).toContainEqual(group.seed);
    const limits = limitsFromList(task.constraints);
    const tv = (d: VehDesign) => totalViolation(evaluate(task, d), limits);
    for (const d of distractors) expect(tv(group.seed)).toBeLessThanOrEqual(tv(d));
    expect(group.masked).toHaveLength(2);
    expect(new Set(group.masked).size).toBe(2);
    for (const v of group.masked) expect(DESIGN_VARIABLES).toContain(v);
    // Deterministic: built again from the same task and oracle, the same group.
    expect(groupOf(task).group).toEqual(group);
  });

  it('without a feasible draw the BKF (as printed by the episode) is the gold', () => {
    const { results } = groupOf(task);
    const none = results.map((r) => ({ ...r, feasible: false }));
    expect(needsFallbackGold(none)).toBe(true);
    const fallback = bkfAt(task, 5);
    const g = buildSgGroup(task, none, limitsFromList(task.constraints), fallback);
    expect(g).toMatchObject({ gold_source: 'bkf', gold: fallback });
    expect(g.pool.filter((c) => c.id === g.correct_id).map((c) => c.design)).toEqual([fallback]);
    expect(() => buildSgGroup(task, none, limitsFromList(task.constraints))).toThrow(/no fallback gold/);
  });

  it('the three forms rest on the same oracle facts: same screening, gold and seed calls, same task context', async () => {
    const silent = scriptAgent(() => 'no json');
    const runs = await Promise.all(SG_FORMS.map((f) => runSg(task, f, silent)));
    const [a, b, c] = runs as [Transcript, Transcript, Transcript];
    expect(harnessCalls(b)).toEqual(harnessCalls(a));
    expect(harnessCalls(c)).toEqual(harnessCalls(a));
    expect(harnessCalls(a).filter((h) => h.label === 'sg_gold').map((h) => h.request.design)).toEqual([group.gold]);
    expect(harnessCalls(a).filter((h) => h.label === 'initial').map((h) => h.request.design)).toEqual([group.seed]);
    const context = (t: Transcript) => {
      const { design_variables, variable_bounds, excitation, environment, constraints } = payloadOf(t);
      return { design_variables, variable_bounds, excitation, environment, constraints };
    };
    expect(context(b)).toEqual(context(a));
    expect(context(c)).toEqual(context(a));
    expect(payloadOf(a).candidates).toEqual(group.pool.map((p) => ({ id: p.id, design: p.design })));
    expect(payloadOf(b).seed_design).toEqual(group.seed);
    expect(payloadOf(c).masked_variables).toEqual(group.masked);
    for (const v of group.masked) expect(payloadOf(c)).toHaveProperty(['partial_design', v], null);
    // No usable answer: the seed stays final, so it is a failure in every form.
    for (const t of runs) {
      expect(t.status).toBe('parse_failure');
      expect(sgSuccess(deriveRow(t))).toBe(false);
      expect(t.settings).toMatchObject({ sg_form: expect.any(String), query_budget: 1 });
    }
  });

  it('a correct answer succeeds and a wrong one fails, with the answer checked by exactly one query', async () => {
    const wrongId = group.pool.find((c) => c.id !== group.correct_id)?.id ?? '';
    const goldValues = Object.fromEntries(group.masked.map((v) => [v, group.gold[v]]));
    const cases: [SgForm, object, boolean][] = [
      ['A', { choice: group.correct_id, reason: 'x' }, true],
      ['A', { choice: wrongId, reason: 'x' }, false],
      ['B', { design: group.gold, reason: 'x' }, true],
      ['B', { design: group.seed, reason: 'x' }, false],
      ['C', { values: goldValues, reason: 'x' }, true],
    ];
    for (const [form, reply, success] of cases) {
      const t = await runSg(task, form, scriptAgent(() => reply));
      const row = deriveRow(t);
      expect(sgSuccess(row), `${form} ${JSON.stringify(reply)}`).toBe(success);
      expect(row.probe === 'P2' ? row.queries : -1).toBe(1);
    }
  });

  it('an episode without a feasible draw falls back to the BKF at the fewest feasible digits', async () => {
    const t0 = hardP2(0);
    const t = await runSg(t0, 'A', scriptAgent(() => ({ choice: 'cand_1' })));
    const tries = t.events.filter((e): e is OracleCallEvent => e.type === 'oracle_call' && e.label === 'sg_gold_try');
    expect(tries.length).toBeGreaterThan(0);
    const gold = harnessCalls(t).find((h) => h.label === 'sg_gold');
    expect(gold?.result.feasible).toBe(true);
    expect(gold?.request.design).toEqual(tries.at(-1)?.request.design);
    // Every earlier (shorter) printing was infeasible, the last one tried is the gold.
    expect(tries.map((c) => c.result.feasible)).toEqual([...tries.slice(0, -1).map(() => false), true]);
    // Shown like every other candidate, at DRAW_DIGITS significant digits: long numbers would mark the gold.
    const shown = (d: Record<string, number>) => Object.fromEntries(Object.entries(d).map(([k, v]) => [k, Number(v.toPrecision(DRAW_DIGITS))]));
    expect(payloadOf(t).candidates).toContainEqual({ id: expect.any(String), design: shown(gold!.request.design as unknown as Record<string, number>) });
    for (const c of payloadOf(t).candidates as { design: Record<string, number> }[]) for (const v of Object.values(c.design)) expect(Number(v.toPrecision(DRAW_DIGITS))).toBe(v);
  });

  it('an unknown candidate id is a protocol-invalid answer (no query, failure); SG on a non-P2 task is an error episode', async () => {
    const t = await runSg(task, 'A', scriptAgent(() => ({ choice: 'nope' })));
    const row = deriveRow(t);
    expect(row.probe === 'P2' && row.steps[0]?.protocol_valid).toBe(false);
    expect(row.probe === 'P2' ? row.queries : -1).toBe(0);
    expect(sgSuccess(row)).toBe(false);
    const p3 = await runSg(fixtureP3(0), 'B', scriptAgent(() => ({})));
    expect(p3.status).toBe('error');
  });
});
