// The resonator and filter tasks: each design rule and physics requirement fails where it should,
// and the physics the evaluator relies on holds (FSR = λ²/(n_g L), coupling falls with the gap).
import { beforeAll, describe, expect, it } from 'vitest';
import { createNodeSolveContext } from '../../src/adapters/node/photonics-context.ts';
import { nodeSandbox } from '../../src/adapters/sandbox/quickjs-node.ts';
import { evaluateSource, type EvaluatorDeps, type Verdict } from '../../src/core/design/evaluator.ts';
import { bogaertsRing, e12Mismatch, fanJoannopoulosSlab, phcBandgap, ringAddDrop, ringCoupling, ringResponse, rlcFilter, wireModel } from '../../src/core/design/tasks/resonators.ts';
import type { AnyDesignTask } from '../../src/core/design/task.ts';

let deps: EvaluatorDeps;
beforeAll(async () => {
  deps = { sandbox: nodeSandbox(), solve: await createNodeSolveContext() };
});

const params = (p: Record<string, number>): string => Object.entries(p).map(([k, v]) => `param('${k}', ${v});`).join('\n');
const failed = (v: Verdict): string[] => v.gates.filter((g) => !g.pass).map((g) => g.id);
const run = (task: AnyDesignTask, p: Record<string, number>): Promise<Verdict> => evaluateSource(task, params(p), deps);

describe('design-ring-add-drop', () => {
  const ref = { radius_um: 9.5, width_nm: 500, gap_in_nm: 308, gap_drop_nm: 308 };

  it('a 90 nm gap and a 1.5 µm radius break the design rules (lithography, bend loss)', async () => {
    expect(failed(await run(ringAddDrop, { ...ref, gap_in_nm: 90 }))).toEqual(['param-gap_in_nm']);
    expect(failed(await run(ringAddDrop, { ...ref, radius_um: 1.5 }))).toEqual(['param-radius_um']);
  });

  it('strong couplers fail the Q requirement; a 12 µm ring fails the FSR', async () => {
    const v = await run(ringAddDrop, { ...ref, gap_in_nm: 200, gap_drop_nm: 200 });
    expect(failed(v)).toEqual(['loaded-q']);
    expect(failed(await run(ringAddDrop, { ...ref, radius_um: 12 }))).toEqual(['fsr']);
  });

  it('very weak couplers fail the drop-loss requirement (the 3 dB/cm ring loss wins)', async () => {
    expect(failed(await run(ringAddDrop, { ...ref, gap_in_nm: 450, gap_drop_nm: 450 }))).toEqual(['drop-loss']);
  });

  it('a call the task does not read is named', async () => {
    const v = await evaluateSource(ringAddDrop, `${params(ref)}\nparam('heater_um', 3);`, deps);
    expect(failed(v)).toEqual(['design-interface']);
  });

  it('FSR = λ²/(n_g 2πR) and the coupling falls monotonically with the gap', async () => {
    const ctx = { solve: deps.solve, refinement: 1 as const };
    const f = ringResponse(ref, ctx);
    expect(f.fsr_nm).toBeCloseTo(f.resonance_nm ** 2 / (f.n_g * 2 * Math.PI * ref.radius_um * 1000), 9);
    expect(f.n_g).toBeGreaterThan(f.n_eff); // silicon wires: strong waveguide dispersion
    const m = wireModel(500, ctx);
    const k = [150, 250, 350, 450].map((g) => ringCoupling(m, 500, g, 10));
    for (let i = 1; i < k.length; i++) expect(k[i]!).toBeLessThan(k[i - 1]!);
  });
});

describe('design-phc-bandgap', () => {
  it('holes too close (a 34 nm wall) break the wall rule', async () => {
    expect(failed(await run(phcBandgap, { lattice_constant_nm: 566, hole_radius_nm: 266 }))).toEqual(['wall-width']);
  });

  it('a gap that misses 1550 nm fails the requirement; the reference gap contains it', async () => {
    expect(failed(await run(phcBandgap, { lattice_constant_nm: 300, hole_radius_nm: 110 }))).toEqual(['te-gap']);
    const v = await evaluateSource(phcBandgap, phcBandgap.reference_source, deps);
    expect(v.metrics.gap_short_nm).toBeLessThan(1550);
    expect(v.metrics.gap_long_nm).toBeGreaterThan(1550);
    expect(v.metrics.gap_ratio).toBeGreaterThan(0.5);
  });
});

describe('design-rlc-filter', () => {
  it('E12 matching', () => {
    expect(e12Mismatch(330)).toBeLessThan(1e-12);
    expect(e12Mismatch(0.0047)).toBeLessThan(1e-12);
    expect(e12Mismatch(300)).toBeGreaterThan(0.05);
  });

  it('a non-E12 resistor breaks the parts rule; 15 mH with 15 nF misses 10 kHz; 47 Ω draws too much current', async () => {
    expect(failed(await run(rlcFilter, { r_ohm: 300, l_mh: 56, c_nf: 4.7 }))).toEqual(['e12-r_ohm']);
    expect(failed(await run(rlcFilter, { r_ohm: 100, l_mh: 15, c_nf: 15 }))).toEqual(['centre-frequency']);
    expect(failed(await run(rlcFilter, { r_ohm: 47, l_mh: 56, c_nf: 4.7 }))).toEqual(['source-current', 'power']);
  });

  it('a tiny capacitor is detuned by the 20 pF stray', async () => {
    expect(failed(await run(rlcFilter, { r_ohm: 10000, l_mh: 1000, c_nf: 0.27 }))).toContain('stray-shift');
  });
});

describe('reimplementations', () => {
  it('Bogaerts ring: a radius above the published 5 µm breaks the footprint rule; closing the gaps to 100 nm still passes but scores worse', async () => {
    expect(failed(await run(bogaertsRing, { radius_um: 6, width_nm: 450, gap_in_nm: 200, gap_drop_nm: 200 }))).toEqual(['param-radius_um']);
    const tight = await run(bogaertsRing, { radius_um: 5, width_nm: 450, gap_in_nm: 100, gap_drop_nm: 100 });
    expect(tight.valid).toBe(true);
    expect(tight.S).toBeLessThan(0.5);
    const better = await run(bogaertsRing, { radius_um: 5, width_nm: 450, gap_in_nm: 330, gap_drop_nm: 330 });
    expect(better.S).toBeGreaterThan(0.7);
  });

  it('Fan & Joannopoulos slab: a 40 nm wall breaks the rule; the slab conserves energy', async () => {
    expect(failed(await run(fanJoannopoulosSlab, { lattice_nm: 634, hole_radius_nm: 297, thickness_nm: 317 }))).toEqual(['wall-width']);
    const v = await evaluateSource(fanJoannopoulosSlab, fanJoannopoulosSlab.reference_source, deps);
    expect(v.gates.find((g) => g.id === 'energy-balance')?.pass).toBe(true);
    expect(v.metrics.r_over_a).toBeCloseTo(0.2, 12);
    expect(v.metrics.t_over_a).toBeCloseTo(0.5, 12);
  });
});
