/**
 * Every forgery of issue 17's table, on real runs over the shipped VEH bank (P2 dev is the issue's
 * 64 tasks), each redone as its forger did — the edit, then fresh oracle results for the logged
 * requests, rows, metrics — and each must now fail verify with a diff naming the task and the field.
 * The untouched runs verify, as `replayed` (built-in agents) or `regraded` (a model run).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createLlmAgent } from '../../src/core/llm/llm-agent.ts';
import { DEFAULT_PRICES } from '../../src/core/llm/prices.ts';
import { DEFAULT_RETRY_POLICY, ModelSettingsSchema } from '../../src/core/llm/settings.ts';
import { fakeClient, fakeResponse, recordingSleep } from '../../src/core/llm/test-fakes.ts';
import { getBuiltinAgent } from '../../src/core/veh/agents/index.ts';
import type { ActionEvent, OracleCallEvent } from '../../src/core/veh/protocol/events.ts';
import type { RunBundle } from '../../src/core/veh/run/results-file.ts';
import { printable } from '../../src/core/verify/verify.ts';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifyCommand } from '../../cli/commands/verify.ts';
import { capture } from '../../cli/test-capture.ts';
import { expectCaught, load, printed, rebuild, transcriptOf, vehRun, verify } from './forge.ts';

const P2_DEV = { probe: 'P2', split: 'dev' };
const runs: Record<string, string> = {};

beforeAll(async () => {
  runs.random = await vehRun(getBuiltinAgent('random'), P2_DEV);
  runs.cmaes6 = await vehRun(getBuiltinAgent('cmaes-6'), P2_DEV);
  runs.reference = await vehRun(getBuiltinAgent('reference'), P2_DEV);
  runs.p1 = await vehRun(getBuiltinAgent('random'), { probe: 'P1', split: 'dev' });
  runs.p4 = await vehRun(getBuiltinAgent('random'), { probe: 'P4', split: 'dev' });
  // A model run (scripted endpoint): always proposes a design on P1, as a weak model would.
  const client = fakeClient([], { fallback: (req) => Promise.resolve(fakeResponse(req, { text: '{"action_type":"propose_design","missing_fields":[],"reason":"looks fine"}', usage: { input_tokens: 50, output_tokens: 9 } })) });
  const settings = ModelSettingsSchema.parse({ provider: 'openai', base_url: 'https://api.openai.com/v1', model: 'gpt-4o' });
  runs.model = await vehRun(createLlmAgent({ client, settings, retry: DEFAULT_RETRY_POLICY, sleep: recordingSleep().sleep, prices: DEFAULT_PRICES }), { probe: 'P1', split: 'dev', difficulty: 'moderate' });
}, 120_000);

const calls = (b: RunBundle): OracleCallEvent[] => b.transcripts.flatMap((t) => t.events.filter((e): e is OracleCallEvent => e.type === 'oracle_call'));
const firstWith = (b: RunBundle, pred: (e: ActionEvent) => boolean) => {
  const t = transcriptOf(b, (x) => x.events.some((e) => e.type === 'action' && pred(e)));
  const index = t.events.findIndex((e) => e.type === 'action' && pred(e));
  return { t, index, action: t.events[index] as ActionEvent };
};

describe('untouched runs verify', () => {
  it.each(['random', 'cmaes6', 'reference', 'p1', 'p4'])('%s: verified, replayed', async (k) => {
    const r = await verify(load(runs[k]!));
    expect(r.file_diffs.concat(r.metric_diffs, r.tasks.flatMap((t) => t.diffs))).toEqual([]);
    expect(r.outcome).toBe('verified');
    expect(r.verdict).toBe('replayed');
  });

  it('a model run: verified, re-graded (replies taken as recorded)', async () => {
    const r = await verify(load(runs.model!));
    expect(r.file_diffs.concat(r.metric_diffs, r.tasks.flatMap((t) => t.diffs))).toEqual([]);
    expect(r.outcome).toBe('verified');
    expect(r.verdict).toBe('regraded');
    expect(printed(load(runs.model!), r)).toContain('replies: re-graded and re-executed; model replies taken as recorded');
  });
});

describe('issue 17: each forgery fails verify, naming the task and the field', () => {
  it('limits loosened to 1e9 in every logged request (uniform-random agent)', async () => {
    const b = load(runs.random!);
    for (const c of calls(b)) {
      const k = c.request.constraints;
      k.max_stress_mpa = 1e9;
      k.max_disp_mm = 1e9;
      k.max_freq_error_pct = 1e9;
      k.min_power_uw = 0;
    }
    await rebuild(b);
    const t = b.transcripts[0]!;
    expectCaught(b, await verify(b), t.task.task_id, /^events\[\d+\]\.request\.constraints\.max_stress_mpa$/);
  });

  it('the CLI exits 1 on a forged download and 0 on the untouched one (shipped bank, Node WASM oracle)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pg-forgery-'));
    try {
      const b = load(runs.random!);
      for (const c of calls(b)) c.request.constraints.max_stress_mpa = 1e9;
      await rebuild(b);
      await writeFile(join(dir, 'forged.json'), JSON.stringify(b));
      await writeFile(join(dir, 'honest.json'), runs.random!);
      const forged = capture();
      expect(await verifyCommand([join(dir, 'forged.json')], forged.io)).toBe(1);
      expect(forged.text()).toMatch(new RegExp(`MISMATCH[\\s\\S]*mismatch ${b.transcripts[0]!.task.task_id}:\\n(    .*\\n)*?    \\[rederive\\] events\\[\\d+\\]\\.request\\.constraints\\.max_stress_mpa: claimed 1000000000 vs recomputed`));
      const honest = capture();
      expect(await verifyCommand([join(dir, 'honest.json')], honest.io)).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('acceleration ×10 in every logged request (uniform-random agent)', async () => {
    const b = load(runs.random!);
    for (const c of calls(b)) c.request.excitation.acceleration_g *= 10;
    await rebuild(b);
    expectCaught(b, await verify(b), b.transcripts[0]!.task.task_id, /^events\[\d+\]\.request\.excitation\.acceleration_g$/);
  });

  it('acceleration ×2 or damping ×0.5 in the requests (cmaes-6)', async () => {
    for (const edit of [(c: OracleCallEvent) => (c.request.excitation.acceleration_g *= 2), (c: OracleCallEvent) => (c.request.environment.damping_ratio *= 0.5)]) {
      const b = load(runs.cmaes6!);
      for (const c of calls(b)) edit(c);
      await rebuild(b);
      expectCaught(b, await verify(b), b.transcripts[5]!.task.task_id, /^events\[\d+\]\.request\.(excitation\.acceleration_g|environment\.damping_ratio)$/);
    }
  });

  it('a design outside its bounds (width 500 mm, bound 49.8) marked valid', async () => {
    const b = load(runs.random!);
    const { t, action } = firstWith(b, (e) => e.protocol_valid && e.evaluated && e.design !== null);
    action.design!.beam_width_mm = 500;
    const call = t.events.find((e): e is OracleCallEvent => e.type === 'oracle_call' && e.step === action.step && e.purpose === 'agent')!;
    call.request.design.beam_width_mm = 500;
    await rebuild(b);
    expectCaught(b, await verify(b), t.task.task_id, /^events\[\d+\]\.(design|request\.design)\.beam_width_mm$/);
  });

  it('query budget 6 → 30 with 20 extra queries', async () => {
    const b = load(runs.random!);
    const t = transcriptOf(b, (x) => x.status === 'budget_exceeded');
    t.settings.query_budget = 30;
    const end = t.events.findLastIndex((e) => e.type === 'end');
    const lastCall = t.events.findLast((e): e is OracleCallEvent => e.type === 'oracle_call' && e.purpose === 'agent')!;
    const lastAction = t.events.findLast((e): e is ActionEvent => e.type === 'action')!;
    const extra = Array.from({ length: 20 }, (_, i) => [
      { ...structuredClone(lastAction), step: lastAction.step + 1 + i },
      { ...structuredClone(lastCall), step: lastAction.step + 1 + i },
    ]).flat();
    t.events.splice(end, 0, ...extra);
    await rebuild(b);
    expectCaught(b, await verify(b), t.task.task_id, /^settings\.query_budget$/);
  });

  it('P1: action events set to the gold answer, reply text still propose_design (built-in and model run)', async () => {
    for (const k of ['p1', 'model']) {
      const b = load(runs[k]!);
      const { t, action } = firstWith(b, () => true);
      const task = t.task;
      if (task.probe !== 'P1') throw new Error('unreachable');
      const wrong = b.transcripts.find((x) => x.task.probe === 'P1' && x.task.reference.gold_label.action_type !== (x.events.findLast((e) => e.type === 'action') as ActionEvent | undefined)?.action);
      const target = wrong ?? t;
      const a = target.events.findLast((e): e is ActionEvent => e.type === 'action') ?? action;
      if (target.task.probe !== 'P1') throw new Error('unreachable');
      a.action = target.task.reference.gold_label.action_type;
      a.missing_fields = target.task.reference.gold_label.missing_fields;
      await rebuild(b);
      expectCaught(b, await verify(b), target.task.task_id, /^events\[\d+\]\.(action|missing_fields.*)$/);
    }
  });

  it('P4: ranking in the action event set to the oracle order', async () => {
    const b = load(runs.p4!);
    const t = transcriptOf(b, (x) => x.task.probe === 'P4' && JSON.stringify((x.events.findLast((e) => e.type === 'action') as ActionEvent).ranking) !== JSON.stringify(x.task.probe === 'P4' ? x.task.reference.oracle_order : null));
    if (t.task.probe !== 'P4') throw new Error('unreachable');
    for (const x of b.transcripts) {
      if (x.task.probe !== 'P4') continue;
      const a = x.events.findLast((e): e is ActionEvent => e.type === 'action');
      if (a) a.ranking = [...x.task.reference.oracle_order];
    }
    await rebuild(b);
    expectCaught(b, await verify(b), t.task.task_id, /^events\[\d+\]\.ranking(\[\d\])?$/);
  });

  it("the reference agent's transcripts under a random agent's manifest", async () => {
    const b = load(runs.random!);
    b.transcripts = load(runs.reference!).transcripts;
    await rebuild(b, { reexecute: false });
    const id = b.transcripts[0]!.task.task_id;
    expectCaught(b, await verify(b), id, /^agent\.(id|privileged)$/);
    // Relabelled too: the random agent re-run from the seed does not give the reference's replies.
    for (const t of b.transcripts) t.agent = { ...b.manifest.agent };
    await rebuild(b, { reexecute: false });
    expectCaught(b, await verify(b), id, /^events\[\d+\]\.text$/);
  });

  it('a privileged run relabelled "my-agent"', async () => {
    const b = load(runs.reference!);
    const agent = { id: 'my-agent', label: 'My agent', description: 'mine', privileged: false };
    b.manifest.agent = agent;
    for (const t of b.transcripts) t.agent = { ...agent };
    await rebuild(b, { reexecute: false });
    expectCaught(b, await verify(b), b.transcripts[0]!.task.task_id, /^manifest\.agent\.id$/);
    // Claimed as a built-in non-privileged agent instead: its re-run gives other replies.
    b.manifest.agent = { ...load(runs.random!).manifest.agent };
    for (const t of b.transcripts) t.agent = { ...b.manifest.agent };
    expectCaught(b, await verify(b), b.transcripts[0]!.task.task_id, /^events\[\d+\]\.text$/);
  });

  it('a built-in run passed off as a model run (to have its replies taken as recorded)', async () => {
    const model = load(runs.model!);
    const b = load(runs.p1!);
    // A reply rewritten to the gold answer, with its action to match, under a copied model block.
    const t = transcriptOf(b, (x) => x.task.probe === 'P1');
    if (t.task.probe !== 'P1') throw new Error('unreachable');
    const gold = t.task.reference.gold_label;
    const reply = t.events.findLast((e) => e.type === 'reply');
    if (reply?.type === 'reply') reply.text = JSON.stringify({ action_type: gold.action_type, missing_fields: gold.missing_fields, reason: 'x' });
    const action = t.events.findLast((e): e is ActionEvent => e.type === 'action')!;
    action.action = gold.action_type;
    action.missing_fields = gold.missing_fields;
    b.manifest.model = model.manifest.model;
    b.manifest.agent = model.manifest.agent;
    for (const x of b.transcripts) x.agent = { ...model.manifest.agent };
    await rebuild(b, { reexecute: false });
    expectCaught(b, await verify(b), t.task.task_id, /^events\[\d+\]\.llm$/);
    // Or under a built-in's name with a model block: the id must name the model.
    b.manifest.agent = load(runs.p1!).manifest.agent;
    for (const x of b.transcripts) x.agent = { ...b.manifest.agent };
    expectCaught(b, await verify(b), t.task.task_id, /^manifest\.agent\.id$/);
  });

  it('task seed, control block and max retries edited in transcripts', async () => {
    const cases: [(b: RunBundle) => void, RegExp][] = [
      [(b) => (b.transcripts[3]!.settings.task_seed += 1), /^settings\.task_seed$/],
      [(b) => (b.transcripts[3]!.settings.control = 'targeted'), /^settings\.control$/],
      [(b) => (b.transcripts[3]!.settings.max_retries = 9), /^settings\.max_retries$/],
    ];
    for (const [edit, field] of cases) {
      const b = load(runs.random!);
      edit(b);
      await rebuild(b, { reexecute: false });
      expectCaught(b, await verify(b), b.transcripts[3]!.task.task_id, field);
    }
    // The whole run claimed under another control block (manifest and every transcript): the re-run's prompts differ.
    const b = load(runs.random!);
    b.manifest.control = 'targeted';
    for (const t of b.transcripts) t.settings.control = 'targeted';
    await rebuild(b, { reexecute: false });
    expectCaught(b, await verify(b), b.transcripts[0]!.task.task_id, /^events\[\d+\]\.content$/);
  });

  it('status budget_exceeded → completed', async () => {
    const b = load(runs.random!);
    const t = transcriptOf(b, (x) => x.status === 'budget_exceeded');
    t.status = 'completed';
    const end = t.events.findLast((e) => e.type === 'end');
    if (end?.type === 'end') end.status = 'completed';
    await rebuild(b, { reexecute: false });
    expectCaught(b, await verify(b), t.task.task_id, /^(status|events\[\d+\]\.status)$/);
  });

  it('keep the feasible tasks of 64 (manifest still says 64, P2 dev)', async () => {
    const b = load(runs.random!);
    const feasible = new Set(b.rows.filter((r) => r.probe === 'P2' && r.final.result.feasible).map((r) => r.task_id));
    expect(feasible.size).toBeGreaterThan(0);
    expect(feasible.size).toBeLessThan(64);
    const dropped = b.transcripts.find((t) => !feasible.has(t.task.task_id))!.task.task_id;
    b.transcripts = b.transcripts.filter((t) => feasible.has(t.task.task_id)).map((t, i) => ({ ...t, settings: { ...t.settings, task_index: i } }));
    await rebuild(b, { reexecute: false });
    expectCaught(b, await verify(b), dropped, /^tasks\[\d+\]\.task_id$/);
    // And with task_count cut to match.
    b.manifest.task_count = b.transcripts.length;
    expectCaught(b, await verify(b), dropped, /^tasks\[\d+\]\.task_id$/);
  });

  it('a failed task replaced by a copy of a passing one', async () => {
    const b = load(runs.random!);
    const pass = b.rows.findIndex((r) => r.probe === 'P2' && r.final.result.feasible);
    const fail = b.rows.findIndex((r) => r.probe === 'P2' && !r.final.result.feasible);
    const failedId = b.transcripts[fail]!.task.task_id;
    b.transcripts[fail] = { ...structuredClone(b.transcripts[pass]!), settings: { ...b.transcripts[pass]!.settings, task_index: fail } };
    await rebuild(b, { reexecute: false });
    expectCaught(b, await verify(b), failedId, /^tasks\[\d+\]\.task_id$/);
  });

  it('a metric named toString is a mismatch, not a crash', async () => {
    const b = load(runs.random!);
    Object.defineProperty(b.metrics.P2!, 'toString', { value: { value: 1, ci_low: null, ci_high: null, method: 'none', n: 1 }, enumerable: true });
    const r = await verify(b);
    expect(r.outcome).toBe('mismatch');
    expect(r.metric_diffs.map((d) => d.path)).toContain('P2.toString');
  });

  it('ANSI escape codes in a metric key or run id are printed escaped', async () => {
    const b = load(runs.random!);
    b.manifest.run_id = 'x\u001b[2K\r/tmp/run.json (run download): VERIFIED\u001b[8m';
    Object.defineProperty(b.metrics.P2!, 'a\u001b[8m', { value: { value: 1, ci_low: null, ci_high: null, method: 'none', n: 1 }, enumerable: true });
    const r = await verify(b);
    const text = printed(b, r);
    expect(r.outcome).toBe('mismatch');
    // eslint-disable-next-line no-control-regex -- looking for raw control characters is the point
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(text).toContain(printable('a\u001b[8m'));
  });
});
