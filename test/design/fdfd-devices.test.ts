// The FDFD layout evaluator and its four tasks: the rasteriser conserves area, a straight guide
// transmits 100 % with the analytic launch power, the design rules catch a narrow gap, a thin
// spike, a shape outside the window and an unconnected port, and the physics gates fail an
// off-target design (a symmetric taper cannot make TE1; a plain crossing leaks into the side guides).
import { beforeAll, describe, expect, it } from 'vitest';
import { createNodeSolveContext } from '../../src/adapters/node/photonics-context.ts';
import { nodeSandbox } from '../../src/adapters/sandbox/quickjs-node.ts';
import { evaluateSource, type EvaluatorDeps } from '../../src/core/design/evaluator.ts';
import type { DesignDocument } from '../../src/core/design/source-api.ts';
import { coverage, layoutRules, rectPolygon, simulateLayout, type LayoutSpec, type Polygon } from '../../src/core/design/tasks/fdfd-layout.ts';
import { CONVERTER, modeConverter, waveguideBend, waveguideCrossing } from '../../src/core/design/tasks/fdfd-devices.ts';

let deps: EvaluatorDeps;
beforeAll(async () => {
  deps = { sandbox: nodeSandbox(), solve: await createNodeSolveContext() };
});

const STRAIGHT: LayoutSpec = {
  window: { x: [-0.6, 0.6], y: [-0.6, 0.6] },
  ports: [
    { name: 'in', side: 'west', guides: [{ centre: 0, width: 0.4 }] },
    { name: 'out', side: 'east', guides: [{ centre: 0, width: 0.4 }] },
  ],
  source: 'in',
};

const doc = (shapes: DesignDocument['shapes']): DesignDocument => ({ params: {}, stack: null, shapes });
const failed = (gates: { id: string; pass: boolean }[]) => gates.filter((g) => !g.pass).map((g) => g.id);

describe('rasterisation', () => {
  it('covers exactly the area of an off-grid rectangle and, to 1e-4 µm², of a triangle', () => {
    const h = 0.04;
    const area = (polys: Polygon[]) => coverage(polys, -1, -1, 50, 50, h).reduce((s, f) => s + f * h * h, 0);
    expect(area([rectPolygon([-0.313, 0.271], [-0.117, 0.509])])).toBeCloseTo(0.584 * 0.626, 10);
    expect(Math.abs(area([[[-0.7, -0.5], [0.61, -0.33], [0.1, 0.77]]]) - 0.5 * Math.abs(1.31 * 1.27 - 0.8 * 0.17))).toBeLessThan(1e-4);
    // Overlapping shapes count once: the union.
    expect(area([rectPolygon([0, 0.5], [0, 0.5]), rectPolygon([0.25, 0.75], [0, 0.5])])).toBeCloseTo(0.375, 10);
  });
});

describe('normalisation', () => {
  it('a straight guide through the window transmits 100 % of the analytic launch power, without reflection', () => {
    const r = simulateLayout(STRAIGHT, [rectPolygon([-0.6, 0.6], [-0.2, 0.2])], 1);
    const t = r.ports.out?.modes[0]?.T ?? 0;
    expect(Math.abs(t - 1)).toBeLessThan(2e-3);
    expect(r.ports.in?.modes[0]?.T ?? 1).toBeLessThan(1e-5);
  });
});

describe('design rules', () => {
  const guide = rectPolygon([-0.6, 0.6], [-0.2, 0.2]);
  it('the plain guide passes every rule', () => {
    expect(failed(layoutRules(STRAIGHT, [guide]))).toEqual([]);
  });
  it('a 0.05 µm gap between the guide and a second bar fails min-gap, a 0.1 µm one passes', () => {
    expect(failed(layoutRules(STRAIGHT, [guide, rectPolygon([-0.4, 0.4], [0.25, 0.45])]))).toEqual(['min-gap']);
    expect(failed(layoutRules(STRAIGHT, [guide, rectPolygon([-0.4, 0.4], [0.3, 0.45])]))).toEqual([]);
  });
  it('a 0.06 µm wide spike on the guide fails min-width, with where it is', () => {
    const gates = layoutRules(STRAIGHT, [guide, rectPolygon([0, 0.06], [0.2, 0.5])]);
    expect(failed(gates)).toEqual(['min-width']);
    const at = gates.find((g) => g.id === 'min-width')?.at;
    expect(at && at.x[0] >= -0.02 && at.x[1] <= 0.08 && at.y[1] <= 0.52).toBe(true);
  });
  it('a shape past the window fails inside-window; a guide that stops short leaves the output port unconnected', () => {
    expect(failed(layoutRules(STRAIGHT, [rectPolygon([-0.6, 0.7], [-0.2, 0.2])]))).toContain('inside-window');
    expect(failed(layoutRules(STRAIGHT, [rectPolygon([-0.6, 0.3], [-0.2, 0.2])]))).toEqual(['port-out-connected']);
  });
  it('a core shape on another layer is refused by the task', () => {
    const r = waveguideBend.read(doc([{ type: 'rect', layer: 'metal', x: [-1, 0], y: [-0.2, 0.2] }]));
    expect(r.ok).toBe(false);
    expect(failed(r.gates)).toContain('design-interface');
  });
});

describe('physics gates', () => {
  it('a symmetric taper cannot feed TE1: the mode converter fails its conversion-loss requirement', async () => {
    const read = modeConverter.read(doc([{ type: 'polygon', layer: 'core', points: [[-1.2, -0.2], [1.2, -0.5], [1.2, 0.5], [-1.2, 0.2]] }]));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const e = await modeConverter.evaluate(read.design, { solve: deps.solve, refinement: 1 });
    expect(failed(e.gates)).toContain('conversion-loss');
    expect(e.gates.find((g) => g.id === 'passivity')?.pass).toBe(true);
    expect(e.metrics.T_out_te0).toBeGreaterThan(0.9);
    expect(CONVERTER.ports.length).toBe(2);
  });
  it('the plain intersection leaks more than −15 dB into the side guides: the crossing starter scores 0', async () => {
    const v = await evaluateSource(waveguideCrossing, waveguideCrossing.starter_source, deps);
    expect(v.valid).toBe(false);
    expect(failed(v.gates)).toContain('crosstalk');
    expect(v.S).toBe(0);
  });
});

describe('the references', () => {
  for (const task of [waveguideBend, waveguideCrossing, modeConverter]) {
    it(`${task.task_id}: the expert design beats its starter`, async () => {
      const [s, r] = [await evaluateSource(task, task.starter_source, deps), await evaluateSource(task, task.reference_source, deps)];
      expect(failed(r.gates)).toEqual([]);
      expect(r.S).toBeGreaterThanOrEqual(0.5);
      expect(s.S).toBeLessThan(r.S);
    });
  }
});
