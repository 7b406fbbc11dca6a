/**
 * Netlist composition: cascades must multiply transfers, loops must reproduce the ring's closed form,
 * lossless networks must stay lossless, and wiring mistakes must be named.
 */
import { describe, expect, it } from 'vitest';
import { ProblemError } from '../solve-context.ts';
import { solve, spectrum } from './test-helpers.ts';

const WG = { n_eff: 2.4, n_g: 4.2, loss_db_per_cm: 3, reference_wavelength_nm: 1550 };
const SWEEP = { wavelength_range_nm: { start: 1545, stop: 1555, count: 201 } };

describe('netlist composition', () => {
  it('two straights in cascade equal one straight of the summed length (power and phase, 1e-12)', () => {
    const chain = solve({
      circuit: {
        type: 'netlist',
        instances: { a: { type: 'straight', length_um: 120, waveguide: WG }, b: { type: 'straight', length_um: 80.5, waveguide: WG } },
        connections: [['a.out', 'b.in']],
        ports: { in: 'a.in', out: 'b.out' },
      },
      ...SWEEP,
    });
    const one = solve({ circuit: { type: 'straight', length_um: 200.5, waveguide: WG }, ...SWEEP });
    const [p1, p2] = [spectrum(chain, 'in', 'out'), spectrum(one, 'in', 'out')];
    p1.power.forEach((p, i) => {
      expect(Math.abs(p - p2.power[i]!)).toBeLessThan(1e-12);
      const dphi = Math.atan2(Math.sin(p1.phase[i]! - p2.phase[i]!), Math.cos(p1.phase[i]! - p2.phase[i]!));
      expect(Math.abs(dphi)).toBeLessThan(1e-9);
    });
    // 3 dB/cm over 200.5 µm.
    expect(one.figures.insertion_loss_db).toBeCloseTo(3 * 0.02005, 14);
    expect(p2.power[0]).toBeCloseTo(10 ** (-(3 * 0.02005) / 10), 14);
  });

  it('a coupler with a straight fed back on itself reproduces ring_all_pass (1e-12)', () => {
    const loop = solve({
      circuit: {
        type: 'netlist',
        instances: { c: { type: 'coupler', coupling: { power_coupling: 0.05 } }, r: { type: 'straight', length_um: 2 * Math.PI * 10, waveguide: WG } },
        connections: [['c.out2', 'r.in'], ['r.out', 'c.in2']],
        ports: { in: 'c.in1', through: 'c.out1' },
      },
      ...SWEEP,
    });
    const ring = solve({ circuit: { type: 'ring_all_pass', radius_um: 10, waveguide: WG, coupling: { power_coupling: 0.05 } }, ...SWEEP });
    const ref = spectrum(ring, 'in', 'through').power;
    spectrum(loop, 'in', 'through').power.forEach((p, i) => expect(Math.abs(p - ref[i]!)).toBeLessThan(1e-12));
  });

  it('a lossless network (directional coupler, arms, coupler) conserves power from every input', () => {
    const r = solve({
      circuit: {
        type: 'netlist',
        instances: {
          dc1: { type: 'directional_coupler', kappa_per_um: 0.04, length_um: 12, detuning_per_um: 0.01 },
          up: { type: 'straight', length_um: 70, waveguide: { ...WG, loss_db_per_cm: 0 } },
          down: { type: 'straight', length_um: 50, waveguide: { ...WG, loss_db_per_cm: 0 } },
          dc2: { type: 'coupler', coupling: { self_coupling: 0.8 } },
        },
        connections: [['dc1.out1', 'up.in'], ['dc1.out2', 'down.in'], ['up.out', 'dc2.in1'], ['down.out', 'dc2.in2']],
        ports: { a: 'dc1.in1', b: 'dc1.in2', c: 'dc2.out1', d: 'dc2.out2' },
      },
      ...SWEEP,
    });
    for (const from of ['a', 'b', 'c', 'd']) {
      const rows = r.transmission.filter((t) => t.from === from);
      r.wavelengths_nm.forEach((_, w) => {
        const total = rows.reduce((acc, t) => acc + t.power[w]!, 0);
        expect(Math.abs(total - 1), `from ${from}`).toBeLessThan(1e-13);
      });
    }
    // Reciprocity: S_ca = S_ac.
    const ca = spectrum(r, 'a', 'c'), ac = spectrum(r, 'c', 'a');
    ca.power.forEach((p, i) => expect(p).toBeCloseTo(ac.power[i]!, 13));
    expect(r.terminated_ports).toEqual([]);
  });

  it('unused ports are terminated and listed', () => {
    const r = solve({
      circuit: { type: 'netlist', instances: { c: { type: 'coupler', coupling: { power_coupling: 0.3 } } }, connections: [], ports: { in: 'c.in1', out: 'c.out2' } },
      wavelength_nm: 1550,
    });
    expect(r.terminated_ports).toEqual(['c.in2', 'c.out1']);
    expect(spectrum(r, 'in', 'out').power[0]).toBeCloseTo(0.3, 14);
  });

  it('names wiring mistakes: unknown instance, unknown port, a port used twice', () => {
    const base = { type: 'netlist', instances: { c: { type: 'coupler', coupling: { power_coupling: 0.3 } } } };
    const attempt = (connections: string[][], ports: Record<string, string>) => () => solve({ circuit: { ...base, connections, ports }, wavelength_nm: 1550 });
    expect(attempt([], { in: 'x.in1' })).toThrow(/"x.in1" names no instance/);
    expect(attempt([], { in: 'c.in3' })).toThrow(/instance "c" has no port "in3" \(its ports: in1, in2, out1, out2\)/);
    expect(attempt([['c.out1', 'c.in2']], { in: 'c.in1', out: 'c.out1' })).toThrow(/port "c.out1" is already used/);
    expect(attempt([], { in: 'c.in1' })).not.toThrow();
  });

  it('a lossless uncoupled loop exactly on resonance is refused with the reason', () => {
    const wg = { n_eff: 2.5, n_g: 2.5, reference_wavelength_nm: 1550 };
    // L = 0.62 µm → n_eff L = λ at 1550 nm: round-trip factor e^{2πi}, so I − S_II C is singular.
    const attempt = () => solve({ circuit: { type: 'ring_all_pass', circumference_um: 0.62, waveguide: wg, coupling: { power_coupling: 0 } }, wavelength_nm: 1550 });
    expect(attempt).toThrow(ProblemError);
    expect(attempt).toThrow(/lossless closed loop exactly on resonance/);
  });
});
