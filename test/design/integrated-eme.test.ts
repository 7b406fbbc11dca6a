// The EME splitter tasks: the port-resolved driver conserves and splits power where physics says it
// must, and the design-rule and requirement gates fail where they should.
import { beforeAll, describe, expect, it } from 'vitest';
import { createNodeSolveContext } from '../../src/adapters/node/photonics-context.ts';
import { nodeSandbox } from '../../src/adapters/sandbox/quickjs-node.ts';
import { evaluateSource, type EvaluatorDeps } from '../../src/core/design/evaluator.ts';
import { couplerPieces, directionalCoupler, mmi1x2, mmi2x2, simulateDevice, SOI, soldanoMmi1x4 } from '../../src/core/design/tasks/integrated-eme.ts';
import type { DesignDocument } from '../../src/core/design/source-api.ts';

let deps: EvaluatorDeps;
beforeAll(async () => {
  deps = { sandbox: nodeSandbox(), solve: await createNodeSolveContext() };
});

const doc = (params: Record<string, number>): DesignDocument => ({ params, stack: null, shapes: [] });
const res = { grid_nm: 10, modes: 20, scale: 1 as const };

describe('port-resolved EME', () => {
  it('a straight guide delivers all the launched power to its own port, with no reflection', () => {
    const g = [{ c: 0, w: 0.5 }];
    const r = simulateDevice([{ length: 5, cores: g }], g, 0, g, 1550, SOI, res, deps.solve);
    expect(Math.abs((r.ports[0]?.P ?? 0) - 1)).toBeLessThan(1e-9);
    expect(r.R).toBeLessThan(1e-20);
  });

  it('a coupler of zero length keeps the light in the bar guide; at the full coupling length it crosses over', () => {
    // The orthogonalised port modes make the cross port exactly dark at z = 0, although the isolated
    // modes of guides 0.2 µm apart overlap.
    const at = (L: number) => {
      const { pieces, guides } = couplerPieces({ gap_um: 0.2, width_um: 0.45, coupling_length_um: L });
      return simulateDevice(pieces, guides, 0, guides, 1550, SOI, res, deps.solve).ports.map((p) => p.P);
    };
    const [bar0, cross0] = at(0);
    expect(bar0).toBeGreaterThan(0.999);
    expect(cross0).toBeLessThan(1e-6);
    // The 3 dB length of the reference is ≈ 8.04 µm, so ≈ 16.1 µm is a full transfer.
    const [bar, cross] = at(16.08);
    expect(cross).toBeGreaterThan(0.99);
    expect(bar).toBeLessThan(0.01);
    // And the power never exceeds what was launched.
    for (const L of [3, 8.04, 12]) expect(at(L).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1 + 1e-6);
  });
});

describe('gates', () => {
  it('a coupler gap under 0.15 µm fails the min-gap design rule', () => {
    const r = directionalCoupler.read(doc({ gap_um: 0.1, width_um: 0.45, coupling_length_um: 5 }));
    expect(r.ok).toBe(false);
    expect(r.gates.find((g) => g.id === 'min-gap')?.pass).toBe(false);
    expect(directionalCoupler.read(doc({ gap_um: 0.15, width_um: 0.45, coupling_length_um: 5 })).gates.find((g) => g.id === 'min-gap')?.pass).toBe(true);
  });

  it('MMI outputs closer than 0.2 µm, ports off the facet and an oversize body fail their design rules', () => {
    const gate = (params: Record<string, number>, id: string) => mmi1x2.read(doc(params)).gates.find((g) => g.id === id)?.pass;
    expect(gate({ mmi_width_um: 3, mmi_length_um: 9.2, taper_width_um: 1.5, port_um: 0.8 }, 'port-gap')).toBe(false);
    expect(gate({ mmi_width_um: 3, mmi_length_um: 9.2, taper_width_um: 1.2, port_um: 0.8 }, 'port-gap')).toBe(true);
    expect(gate({ mmi_width_um: 3, mmi_length_um: 9.2, taper_width_um: 1.2, port_um: 1.2 }, 'ports-on-facet')).toBe(false);
    expect(gate({ mmi_width_um: 6, mmi_length_um: 30, taper_width_um: 1.2, port_um: 1.6 }, 'footprint')).toBe(false);
    // The 1×4 spacing is its pitch: a 0.9 µm pitch leaves 0.1 µm between 0.8 µm tapers.
    expect(soldanoMmi1x4.read(doc({ mmi_width_um: 4, mmi_length_um: 8, taper_width_um: 0.8, port_um: 0.9 })).gates.find((g) => g.id === 'port-gap')?.pass).toBe(false);
  });

  it('an MMI far from its imaging length fails the excess-loss requirement; a 2×2 off quadrature fails that one', async () => {
    const short = await mmi1x2.evaluate({ mmi_width_um: 3, mmi_length_um: 5, taper_width_um: 1.2, port_um: 0.8 }, { solve: deps.solve, refinement: 1 });
    expect(short.gates.find((g) => g.id === 'max-excess-loss')?.pass).toBe(false);
    const good = await mmi1x2.evaluate({ mmi_width_um: 3, mmi_length_um: 9.2, taper_width_um: 1.2, port_um: 0.80026 }, { solve: deps.solve, refinement: 1 });
    expect(good.gates.every((g) => g.pass)).toBe(true);
    expect(good.J).toBeLessThan(0.05);
    // Symmetric device, centred input: the two outputs are equal to rounding.
    expect(good.metrics.imbalance_db).toBeLessThan(1e-9);
    const v = await evaluateSource(mmi2x2, mmi2x2.starter_source, deps);
    expect(v.valid).toBe(false);
    expect(v.gates.find((g) => g.id === 'quadrature')?.pass).toBe(false);
    const ref = await evaluateSource(mmi2x2, mmi2x2.reference_source, deps);
    const phase = ref.metrics.phase_difference_deg ?? 0;
    expect(Math.abs(phase - 90)).toBeLessThan(5);
  });
});
