import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRunArgs, runCommand } from './run.ts';
import { parseControlArgs, selectRunTasks } from './run-controls.ts';
import { writeFixtureBank } from './run-fixture-bank.ts';
import { fixtureOracle } from '../../src/core/veh/protocol/test-fixtures.ts';
import { fixtureClock } from '../../src/core/veh/protocol/test-session.ts';
import { loadVehBank } from '../../src/core/veh/bank/load.ts';
import { DEFAULT_VEH_BANK_DIR, bankTextReader } from '../../src/adapters/node/run-files.ts';
import { ResultsFileSchema } from '../../src/core/veh/run/results-file.ts';
import type { P3Task } from '../../src/core/veh/task-schema.ts';
import { sgSuccess } from '../../src/core/veh/protocol/sg-forms.ts';
import { capture } from '../test-capture.ts';

let dir = '';
let bank = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pg-run-controls-'));
  bank = join(dir, 'bank');
  await mkdir(bank);
  await writeFixtureBank(bank);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const readManifest = async (out: string) => ResultsFileSchema.parse(JSON.parse(await readFile(join(out, 'results.json'), 'utf8'))).manifest;

/** The audit controls the VEH plugin reads from a command line (parseControlArgs over the parsed flags). */
const controlsOf = (args: string[]) => {
  const a = parseRunArgs(args);
  return parseControlArgs(a.values as Parameters<typeof parseControlArgs>[0], { agent: a.agent, probe: null });
};

describe('run audit flags', () => {
  it('parses the CLI spellings', () => {
    expect(controlsOf(['--agent', 'reference', '--out', 'o'])).toEqual({ control: 'default', subset: null, sgForm: null, sgGroups: null, matchRun: null });
    expect(controlsOf(['--agent', 'reference', '--out', 'o', '--control', 'wrong-boundary']).control).toBe('wrong_boundary');
    expect(controlsOf(['--agent', 'reference', '--out', 'o', '--control', 'state-summary-plus', '--subset', 'appendix-d'])).toMatchObject({
      control: 'state_summary_plus',
      subset: 'appendix_d',
    });
    expect(controlsOf(['--agent', 'reference', '--out', 'o', '--sg-form', 'b', '--sg-groups', '46'])).toMatchObject({ sgForm: 'B', sgGroups: 46 });
    expect(controlsOf(['--agent', 'cmaes-matched', '--match-run', 'runs/x', '--out', 'o']).matchRun).toBe('runs/x');
  });

  it.each([
    [{ control: 'loud' }, /--control must be one of default, neutral, targeted, wrong-boundary, state-summary-plus/],
    [{ subset: 'appendix-e' }, /--subset must be appendix-d/],
    [{ 'sg-form': 'D' }, /--sg-form must be one of A, B, C/],
    [{ 'sg-groups': '4' }, /--sg-groups needs --sg-form/],
    [{ 'sg-form': 'A', 'sg-groups': '0' }, /positive integer/],
    [{ 'sg-form': 'A', subset: 'appendix-d' }, /cannot be combined/],
    [{ 'sg-form': 'A', control: 'neutral' }, /--control cannot be combined/],
    [{ 'match-run': 'x' }, /--agent cmaes-matched and --match-run DIR go together/],
  ])('rejects %j', (values, message) => {
    expect(() => parseControlArgs(values, { agent: 'reference', probe: null })).toThrow(message);
  });

  it('rejects a probe the subset or SG form cannot use, and cmaes-matched without a run', () => {
    expect(() => parseControlArgs({ subset: 'appendix-d' }, { agent: 'x', probe: 'P2' })).toThrow(/--probe P3/);
    expect(() => parseControlArgs({ 'sg-form': 'C' }, { agent: 'x', probe: 'P4' })).toThrow(/--probe P2/);
    expect(() => parseControlArgs({}, { agent: 'cmaes-matched', probe: null })).toThrow(/go together/);
  });

  it('--subset appendix-d on the shipped bank selects the 36 tasks of Table 11', async () => {
    const { tasks } = await loadVehBank(bankTextReader(DEFAULT_VEH_BANK_DIR));
    const sel = selectRunTasks(tasks, parseControlArgs({ subset: 'appendix-d' }, { agent: 'x', probe: null }), null);
    expect(sel.tasks).toHaveLength(36);
    const count = (split: string, sub: string) => (sel.tasks as P3Task[]).filter((t) => t.split === split && t.source_p2_subtype === sub).length;
    for (const sub of ['boundary_binding', 'paper_like', 'power_tight', 'resonance_tuned']) {
      expect(count('dev', sub)).toBe(3);
      expect(count('test_id', sub)).toBe(3);
    }
    expect(count('test_ood', 'projected_boundary')).toBe(3);
    expect(count('test_ood', 'projected_resonance')).toBe(9);
    expect(sel.filters).toEqual({ subset: 'appendix_d' });
  });

  it('--sg-groups N names the same N medium/hard P2 groups every time', async () => {
    const { tasks } = await loadVehBank(bankTextReader(DEFAULT_VEH_BANK_DIR));
    const pick = () => selectRunTasks(tasks, parseControlArgs({ 'sg-form': 'A', 'sg-groups': '46' }, { agent: 'x', probe: null }), null).tasks;
    const a = pick();
    expect(a).toHaveLength(46);
    expect(a.every((t) => t.probe === 'P2' && t.difficulty !== 'easy')).toBe(true);
    expect(pick().map((t) => t.task_id)).toEqual(a.map((t) => t.task_id));
  });

  it('records the control in results.json and runs cmaes-matched on another run’s query counts', async () => {
    const deps = () => ({ oracle: fixtureOracle, clock: fixtureClock() });
    const src = join(dir, 'src');
    expect(await runCommand(['--agent', 'random', '--probe', 'P2', '--control', 'neutral', '--bank', bank, '--out', src], capture().io, deps())).toBe(0);
    const srcManifest = await readManifest(src);
    expect(srcManifest).toMatchObject({ control: 'neutral', sg_form: null, matched_to_run_id: null });

    const out = join(dir, 'matched');
    const r = capture();
    expect(await runCommand(['--agent', 'cmaes-matched', '--match-run', src, '--bank', bank, '--out', out], r.io, deps())).toBe(0);
    const m = await readManifest(out);
    expect(m.matched_to_run_id).toBe(srcManifest.run_id);
    expect(m.task_filter).toEqual({ match_run: srcManifest.run_id });
    expect(Object.keys(m.matched_budgets ?? {}).length).toBe(m.task_count);
    expect(Object.values(m.matched_budgets ?? {}).every((n) => n >= 1)).toBe(true);

    const missing = capture();
    expect(await runCommand(['--agent', 'cmaes-matched', '--match-run', join(dir, 'nope'), '--bank', bank, '--out', join(dir, 'x')], missing.io, deps())).toBe(2);
    expect(missing.err.join('\n')).toMatch(/no results.json/);
  });

  it.each(['A', 'B', 'C'])('runs SG form %s and records it; the privileged sg-reference succeeds on every group', async (form) => {
    const out = join(dir, `sg-${form}`);
    const r = capture();
    expect(await runCommand(['--agent', 'sg-reference', '--sg-form', form, '--bank', bank, '--out', out], r.io, { oracle: fixtureOracle, clock: fixtureClock() })).toBe(0);
    expect(r.err.join('\n')).not.toMatch(/warning/);
    const file = ResultsFileSchema.parse(JSON.parse(await readFile(join(out, 'results.json'), 'utf8')));
    expect(file.manifest).toMatchObject({ sg_form: form, task_filter: {}, agent: { id: 'sg-reference', privileged: true } });
    expect(file.rows.length).toBeGreaterThan(0);
    expect(file.rows.map(sgSuccess)).toEqual(file.rows.map(() => true));
  });

  it('warns that built-in agents do not answer SG forms', async () => {
    const r = capture();
    // Those episodes end in errors, so the exit code says so (1) unless --allow-errors.
    expect(await runCommand(['--agent', 'reference', '--sg-form', 'A', '--bank', bank, '--out', join(dir, 'sg-builtin')], r.io, { oracle: fixtureOracle, clock: fixtureClock() })).toBe(1);
    expect(r.err.join('\n')).toMatch(/built-in agents answer only the P1–P4 formats/);
    const allowed = capture();
    const args = ['--agent', 'reference', '--sg-form', 'A', '--allow-errors', '--bank', bank, '--out', join(dir, 'sg-builtin-allowed')];
    expect(await runCommand(args, allowed.io, { oracle: fixtureOracle, clock: fixtureClock() })).toBe(0);
  });
});
