import { describe, expect, it } from 'vitest';
import { efficiencyBars, orderLabel, orderWavelengths } from './efficiency-bars.ts';

// The lamellar reference (TE, λ = 632.8 nm): R0 0.009773, T0 0.387774, T±1 0.246852 each;
// the reflected ±1 orders carry the rest (values here are illustrative for them).
const order = (wavelength_nm: number, polarization: string, side: string, order: number, efficiency: number) => ({ wavelength_nm, polarization, side, order, efficiency, angle_deg: 0 });
const result = {
  kind: 'grating',
  points: [],
  orders: [
    order(632.8, 'TE', 'transmitted', 1, 0.246852),
    order(632.8, 'TE', 'transmitted', -1, 0.246852),
    order(632.8, 'TE', 'transmitted', 0, 0.387774),
    order(632.8, 'TE', 'reflected', 0, 0.009773),
    order(700, 'TE', 'transmitted', 0, 0.5),
    order(700, 'TM', 'transmitted', 0, 0.6),
  ],
};

describe('efficiencyBars', () => {
  it('lists R orders then T orders by order number at the first wavelength', () => {
    const [te, ...rest] = efficiencyBars(result);
    expect(rest).toHaveLength(0);
    expect(te?.polarization).toBe('TE');
    expect(te?.wavelength_nm).toBe(632.8);
    expect(te?.bars.map((b) => b.label)).toEqual(['R 0', 'T −1', 'T 0', 'T +1']);
    expect(te?.bars.map((b) => b.value)).toEqual([0.009773, 0.246852, 0.387774, 0.246852]);
    // 0.009773 + 0.387774 + 2 × 0.246852 = 0.891251 (the reflected ±1 orders are left out of this fixture).
    expect(te?.total).toBeCloseTo(0.891251, 9);
  });

  it('gives one chart per polarization at a picked wavelength', () => {
    expect(orderWavelengths(result)).toEqual([632.8, 700]);
    expect(efficiencyBars(result, 700).map((g) => g.polarization)).toEqual(['TE', 'TM']);
  });

  it('labels the orders of a 2-D grating (m, n)', () => {
    const twoD = {
      kind: 'grating_2d',
      orders: [
        { wavelength_nm: 600, polarization: 's', side: 'transmitted', m: 0, n: 1, efficiency: 0.1 },
        { wavelength_nm: 600, polarization: 's', side: 'transmitted', m: 0, n: -1, efficiency: 0.1 },
        { wavelength_nm: 600, polarization: 's', side: 'transmitted', m: -1, n: 0, efficiency: 0.2 },
      ],
    };
    expect(efficiencyBars(twoD)[0]?.bars.map((b) => b.label)).toEqual(['T (−1, 0)', 'T (0, −1)', 'T (0, +1)']);
  });

  it('yields nothing for other kinds or results without orders', () => {
    expect(efficiencyBars({ kind: 'bands' })).toEqual([]);
    expect(efficiencyBars({ kind: 'grating', orders: [] })).toEqual([]);
    expect(efficiencyBars(null)).toEqual([]);
  });

  it('labels orders with their sign', () => {
    expect([-2, 0, 3].map(orderLabel)).toEqual(['−2', '0', '+3']);
  });
});
