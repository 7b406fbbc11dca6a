/**
 * Optical power budget: received power = launched power − Σ losses (all in dB/dBm), margin =
 * received − receiver sensitivity. A waveguide element's loss is its length times its dB/cm figure
 * (length in µm: 1 cm = 10 000 µm), which is where unit slips show.
 */
import type { LinkBudget } from './problem.ts';

export interface LinkBudgetResult {
  readonly elements: { name: string; loss_db: number }[];
  readonly total_loss_db: number;
  readonly laser_power_dbm: number;
  readonly received_power_dbm: number;
  readonly received_power_mw: number;
  readonly detector_sensitivity_dbm: number;
  readonly margin_db: number;
  readonly closes: boolean;
}

export function linkBudget(b: LinkBudget, warn: (m: string) => void): LinkBudgetResult {
  const elements = b.elements.map((e) => ({ name: e.name, loss_db: 'loss_db' in e ? e.loss_db : e.loss_db_per_cm * e.length_um * 1e-4 }));
  for (const e of elements) {
    if (e.loss_db < 0) warn(`element "${e.name}" has a negative loss (${e.loss_db} dB), i.e. gain; a passive element cannot amplify — check the sign`);
  }
  const total = elements.reduce((acc, e) => acc + e.loss_db, 0);
  const received = b.laser_power_dbm - total;
  const margin = received - b.detector_sensitivity_dbm;
  if (margin < 0) {
    warn(`the link does not close: ${received} dBm arrives, ${-margin} dB below the detector sensitivity of ${b.detector_sensitivity_dbm} dBm`);
  }
  return {
    elements,
    total_loss_db: total,
    laser_power_dbm: b.laser_power_dbm,
    received_power_dbm: received,
    received_power_mw: 10 ** (received / 10),
    detector_sensitivity_dbm: b.detector_sensitivity_dbm,
    margin_db: margin,
    closes: margin >= 0,
  };
}
