/** Link budget arithmetic (dB bookkeeping: P_rx = P_tx − Σ losses, margin = P_rx − sensitivity). */
import { describe, expect, it } from 'vitest';
import { solve } from './test-helpers.ts';

describe('link budget', () => {
  it('10 dBm − (3.5 + 2 + 2 cm × 1.5 dB/cm) = 1.5 dBm; margin 21.5 dB over a −20 dBm detector', () => {
    const r = solve({
      circuit: {
        type: 'link_budget',
        laser_power_dbm: 10,
        elements: [
          { name: 'fiber-to-chip coupler', loss_db: 3.5 },
          { name: 'modulator', loss_db: 2 },
          { name: 'waveguide', length_um: 20_000, loss_db_per_cm: 1.5 },
        ],
        detector_sensitivity_dbm: -20,
      },
    });
    const b = r.link_budget!;
    expect(b.elements.map((e) => e.loss_db)).toEqual([3.5, 2, 3]);
    expect(b.total_loss_db).toBeCloseTo(8.5, 12);
    expect(b.received_power_dbm).toBeCloseTo(1.5, 12);
    expect(b.received_power_mw).toBeCloseTo(10 ** 0.15, 12); // 1.4125 mW
    expect(b.margin_db).toBeCloseTo(21.5, 12);
    expect(b.closes).toBe(true);
    expect(r.warnings).toEqual([]);
    expect(r.wavelengths_nm).toEqual([]);
  });

  it('a link that does not close says by how much; a negative loss is questioned', () => {
    const r = solve({
      circuit: {
        type: 'link_budget',
        laser_power_dbm: 0,
        elements: [{ name: 'grating', loss_db: 25 }, { name: 'odd', loss_db: -1 }],
        detector_sensitivity_dbm: -20,
      },
      wavelength_nm: 1310,
    });
    expect(r.link_budget!.margin_db).toBeCloseTo(-4, 12);
    expect(r.link_budget!.closes).toBe(false);
    expect(r.warnings.join(' ')).toMatch(/does not close: -24 dBm arrives, 4 dB below/);
    expect(r.warnings.join(' ')).toMatch(/"odd" has a negative loss/);
  });
});
