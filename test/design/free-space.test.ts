// The free-space optics tasks (absorber, GMR filter, nanoshells, quarter–half–quarter AR): each
// reference passes, and a design that breaks a rule or misses a requirement fails the gate that
// says so, with the number in its reason.
import { beforeAll, describe, expect, it } from 'vitest';
import { createNodeSolveContext } from '../../src/adapters/node/photonics-context.ts';
import { nodeSandbox } from '../../src/adapters/sandbox/quickjs-node.ts';
import { evaluateSource, type EvaluatorDeps, type Verdict } from '../../src/core/design/evaluator.ts';
import { designTask } from '../../src/core/design/tasks/index.ts';

let deps: EvaluatorDeps;
beforeAll(async () => {
  deps = { sandbox: nodeSandbox(), solve: await createNodeSolveContext() };
});

const failed = (v: Verdict) => v.gates.filter((g) => !g.pass).map((g) => g.id);
const gate = (v: Verdict, id: string) => v.gates.find((g) => g.id === id);
const params = (p: Record<string, number>) => Object.entries(p).map(([k, x]) => `param('${k}', ${x});`).join('\n');

describe('design-thin-film-absorber', () => {
  const task = designTask('design-thin-film-absorber');

  it('a 2 nm chromium film breaks the deposition rule', async () => {
    const v = await evaluateSource(task, `stack([{ material: 'Cr', thickness_nm: 2 }, { material: 'SiO2', thickness_nm: 262 }, { material: 'Au', thickness_nm: 150 }]);`, deps);
    expect(failed(v)).toEqual(['layer-thickness']);
    expect(v.S).toBe(0);
  });

  it('a bare gold mirror reflects: the absorptance requirement fails', async () => {
    const v = await evaluateSource(task, `stack([{ material: 'Au', thickness_nm: 150 }]);`, deps);
    expect(failed(v)).toEqual(['min-absorptance']);
    expect(gate(v, 'min-absorptance')!.value).toBeLessThan(0.05);
  });

  it('the reference absorbs ≥ 99.9 % across the band and conserves energy', async () => {
    const v = await evaluateSource(task, task.reference_source, deps);
    expect(v.valid).toBe(true);
    expect(v.metrics.min_A).toBeGreaterThan(0.999);
    expect(gate(v, 'energy-balance')!.pass).toBe(true);
  });
});

describe('design-gmr-filter', () => {
  const task = designTask('design-gmr-filter');
  const ref = { period_nm: 909.09, fill_factor: 0.25, grating_depth_nm: 60, waveguide_thickness_nm: 370 };

  it('a period that lets the first orders propagate is outside the rules', async () => {
    const v = await evaluateSource(task, params({ ...ref, period_nm: 1100 }), deps);
    expect(failed(v)).toEqual(['param-period_nm']);
  });

  it('a period 1 % long moves the line off 1550 nm: the peak-wavelength gate fails with the offset', async () => {
    const v = await evaluateSource(task, params({ ...ref, period_nm: 918 }), deps);
    expect(failed(v)).toContain('peak-wavelength');
    expect(v.valid).toBe(false);
    expect(gate(v, 'peak-wavelength')!.reason).toMatch(/from the 1550 nm target/);
  });

  it('the reference puts a ~100 % line within 0.1 nm of 1550 nm, 0.5–5 nm wide', async () => {
    const v = await evaluateSource(task, task.reference_source, deps);
    expect(v.valid).toBe(true);
    expect(Math.abs(v.metrics.peak_nm! - 1550)).toBeLessThan(0.1);
    expect(v.metrics.peak_R).toBeGreaterThan(0.999);
    expect(v.metrics.fwhm_nm).toBeGreaterThan(0.5);
    expect(v.metrics.fwhm_nm).toBeLessThan(5);
  });
});

describe('design-plasmonic-nanoantenna', () => {
  const task = designTask('design-plasmonic-nanoantenna');

  it('a 3 nm shell is below the growth limit', async () => {
    const v = await evaluateSource(task, params({ core_radius_nm: 35, shell_thickness_nm: 3 }), deps);
    expect(failed(v)).toEqual(['param-shell_thickness_nm']);
  });

  it('a large shell tuned to 808 nm scatters more than it absorbs: the absorption gate fails', async () => {
    // 70 nm core / 12 nm shell peaks within 50 nm of 808 nm, but at 82 nm outer radius it mostly scatters.
    const v = await evaluateSource(task, params({ core_radius_nm: 70, shell_thickness_nm: 12 }), deps);
    expect(failed(v)).toEqual(['absorption-fraction']);
    expect(gate(v, 'absorption-fraction')!.value).toBeLessThan(0.5);
  });

  it('a particle beyond 100 nm outer radius breaks the size rule', async () => {
    const v = await evaluateSource(task, params({ core_radius_nm: 90, shell_thickness_nm: 20 }), deps);
    expect(failed(v)).toContain('outer-radius');
  });
});

describe('reimplementations', () => {
  it('Oldenburg: the published 60/10 nm shell peaks in the near infrared, well short of 1064 nm; a thinner shell on a larger core scores above 0.5', async () => {
    const task = designTask('reimpl-oldenburg-1998-nanoshell');
    const pub = await evaluateSource(task, task.reference_source, deps);
    expect(pub.metrics.peak_nm).toBeGreaterThan(780);
    expect(pub.metrics.peak_nm).toBeLessThan(870);
    expect(pub.S).toBeCloseTo(0.5, 12);
    const better = await evaluateSource(task, params({ core_radius_nm: 60, shell_thickness_nm: 5 }), deps);
    expect(better.valid).toBe(true);
    expect(better.S).toBeGreaterThan(0.5);
  });

  it('Lockhart & King: the published coating passes; a bare uncoated face is not a design', async () => {
    const task = designTask('reimpl-lockhart-king-1947-qhq-ar');
    const pub = await evaluateSource(task, task.reference_source, deps);
    expect(pub.valid).toBe(true);
    const bare = await evaluateSource(task, `stack([{ material: 'MgF2', thickness_nm: 5 }]);`, deps);
    expect(failed(bare)).toContain('layer-thickness');
  });
});
