import { describe, expect, it } from 'vitest';
import { grating2dPlots } from './grating2d-plots.ts';
import { resultPlots } from './result-plots.ts';

const order = (wavelength_nm: number, side: string, m: number, n: number, efficiency: number) => ({ wavelength_nm, polarization: 's', side, m, n, efficiency, theta_deg: 0, phi_deg: 0 });

describe('grating_2d plots', () => {
  it('at one wavelength: one line per row n of orders, per side', () => {
    const result = {
      kind: 'grating_2d',
      points: [{ wavelength_nm: 600, polarization: 's', R: 0.2, T: 0.8, A: 0 }],
      orders: [order(600, 'transmitted', -1, 0, 0.1), order(600, 'transmitted', 0, 0, 0.5), order(600, 'transmitted', 1, 0, 0.1), order(600, 'transmitted', 0, 1, 0.1), order(600, 'reflected', 0, 0, 0.2)],
    };
    const [plot] = resultPlots(result);
    expect(plot!.id).toBe('plot-grating2d-orders');
    const row0 = plot!.series.find((s) => s.name === 's T, n = 0')!;
    expect(row0.x).toEqual([-1, 0, 1]);
    expect(row0.y).toEqual([0.1, 0.5, 0.1]);
    expect(plot!.series.map((s) => s.name)).toEqual(['s R, n = 0', 's T, n = 0', 's T, n = 1']);
  });

  it('over a sweep: R, T, A against wavelength, and each order with 0 where it is evanescent', () => {
    const result = {
      kind: 'grating_2d',
      points: [
        { wavelength_nm: 500, polarization: 's', R: 0.3, T: 0.7, A: 0 },
        { wavelength_nm: 700, polarization: 's', R: 0.1, T: 0.9, A: 0 },
      ],
      orders: [order(500, 'transmitted', 0, 0, 0.4), order(500, 'transmitted', 1, 0, 0.3), order(700, 'transmitted', 0, 0, 0.9)],
    };
    const [totals, orders] = grating2dPlots(result);
    expect(totals!.series.map((s) => s.name)).toEqual(['s R', 's T', 's A']);
    const first = orders!.series.find((s) => s.name === 's T(1,0)')!;
    expect(first.y).toEqual([0.3, 0]);
    // Strongest first.
    expect(orders!.series[0]!.name).toBe('s T(0,0)');
  });
});
