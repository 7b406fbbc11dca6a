import { describe, expect, it } from 'vitest';
import { MaterialModelSchema, type MaterialModel } from '../material-spec.ts';
import { modelIndex, modelPermittivity, type DispersiveModel } from './models.ts';
import { HC_EV_NM, photonEnergyEv } from './units.ts';

const drude = (eps_inf: number, plasma_energy_ev: number, damping_energy_ev: number): MaterialModel => ({
  model: 'drude',
  eps_inf,
  plasma_energy_ev,
  damping_energy_ev,
});

describe('photon energy', () => {
  it('uses hc/e = 1239.84198 eV·nm (exact 2019 SI constants)', () => {
    // CODATA 2018: hc = 1239.841984… eV·nm.
    expect(HC_EV_NM).toBeCloseTo(1239.841984, 6);
    expect(photonEnergyEv(HC_EV_NM)).toBe(1);
  });
});

describe('Drude model ε = ε∞ − ωp²/(ω² + iγω), e^{−iωt}', () => {
  it('matches an independent complex evaluation (python3 cmath) at 2000 nm', () => {
    // ħω = 0.619921 eV; ε = −207.118129911574 + 23.50020289345052i; √ε = 0.8151490565269832 + 14.414666069525538i.
    const r = modelIndex(drude(1, 9, 0.07), 2000);
    expect(r.n).toBeCloseTo(0.8151490565269832, 12);
    expect(r.k).toBeCloseTo(14.414666069525538, 12);
  });

  it('absorbs (Im ε > 0, k > 0) for γ > 0, the e^{−iωt} sign', () => {
    for (const lambda of [200, 500, 1000, 5000]) {
      expect(modelPermittivity({ model: 'drude', eps_inf: 1, plasma_energy_ev: 9, damping_energy_ev: 0.07 }, photonEnergyEv(lambda)).im).toBeGreaterThan(0);
      expect(modelIndex(drude(1, 9, 0.07), lambda).k).toBeGreaterThan(0);
    }
  });

  it('lossless limit: transparent above the plasma frequency, purely reflecting below', () => {
    // γ = 0: ε = 1 − (ωp/ω)². λp = 1239.84/9 = 137.76 nm.
    const above = modelIndex(drude(1, 9, 0), 100); // ω/ωp = 1.3776
    expect(above.n).toBeCloseTo(Math.sqrt(1 - (9 / photonEnergyEv(100)) ** 2), 14);
    expect(above.k).toBe(0);
    const below = modelIndex(drude(1, 9, 0), 1000);
    expect(below.n).toBe(0);
    expect(below.k).toBeCloseTo(Math.sqrt((9 / photonEnergyEv(1000)) ** 2 - 1), 12);
  });

  it('k grows with wavelength in the metallic regime, and n ≈ k ≈ √(ωp²/2γω) once ω ≪ γ (Hagen–Rubens)', () => {
    let prev = 0;
    for (const lambda of [600, 1000, 2000, 5000, 10000, 50000, 200000]) {
      const { k } = modelIndex(drude(1, 9, 0.07), lambda);
      expect(k).toBeGreaterThan(prev);
      prev = k;
    }
    const lambda = 1e7; // ħω = 1.24e-4 eV ≪ γ = 0.07 eV
    const w = photonEnergyEv(lambda);
    const hr = Math.sqrt((81 / (2 * 0.07 * w)) * (1 / (1 + (w / 0.07) ** 2)));
    const r = modelIndex(drude(1, 9, 0.07), lambda);
    expect(r.k / hr).toBeCloseTo(1, 2);
    expect(r.n / r.k).toBeCloseTo(1, 2);
  });
});

describe('Drude–Lorentz model', () => {
  it('matches an independent complex evaluation (python3 cmath) with two oscillators at 500 nm', () => {
    // ε = −3.325124961069212 + 4.732161250794899i, √ε = 1.1087055004008193 + 2.134092980094411i.
    const m: MaterialModel = {
      model: 'drude_lorentz',
      eps_inf: 5.9,
      plasma_energy_ev: 9,
      damping_energy_ev: 0.07,
      oscillators: [
        { strength: 1.3, resonance_energy_ev: 2.7, damping_energy_ev: 0.6 },
        { strength: 0.5, resonance_energy_ev: 3.5, damping_energy_ev: 1.0 },
      ],
    };
    const eps = modelPermittivity(m as DispersiveModel, photonEnergyEv(500));
    expect(eps.re).toBeCloseTo(-3.325124961069212, 12);
    expect(eps.im).toBeCloseTo(4.732161250794899, 12);
    const r = modelIndex(m, 500);
    expect(r.n).toBeCloseTo(1.1087055004008193, 12);
    expect(r.k).toBeCloseTo(2.134092980094411, 12);
  });

  it('a lone Lorentz oscillator: static limit ε∞ + f, and ε∞ + i f ω0/γ exactly at resonance', () => {
    const m: DispersiveModel = { model: 'drude_lorentz', eps_inf: 2, plasma_energy_ev: 0, damping_energy_ev: 0, oscillators: [{ strength: 1.5, resonance_energy_ev: 3, damping_energy_ev: 0.2 }] };
    const stat = modelPermittivity(m, 1e-9);
    expect(stat.re).toBeCloseTo(3.5, 9);
    const res = modelPermittivity(m, 3);
    expect(res.re).toBeCloseTo(2, 12);
    expect(res.im).toBeCloseTo((1.5 * 3) / 0.2, 12);
  });
});

describe('model schema', () => {
  it('states units in field names and refuses negative damping or strength', () => {
    expect(MaterialModelSchema.safeParse({ model: 'drude', eps_inf: 1, plasma_energy_ev: 9, damping_energy_ev: 0.07 }).success).toBe(true);
    expect(MaterialModelSchema.safeParse({ model: 'drude', eps_inf: 1, plasma_energy_ev: 9, damping_energy_ev: -0.1 }).success).toBe(false);
    expect(MaterialModelSchema.safeParse({ model: 'drude', eps_inf: 1, plasma_frequency: 9, damping_energy_ev: 0.1 }).success).toBe(false);
    expect(
      MaterialModelSchema.safeParse({ model: 'drude_lorentz', eps_inf: 1, plasma_energy_ev: 0, damping_energy_ev: 0, oscillators: [{ strength: -1, resonance_energy_ev: 2, damping_energy_ev: 0.1 }] }).success,
    ).toBe(false);
  });
});
