/**
 * The semi-vectorial strip figure docs/photonics-solvers.md quotes (issue 15): the quasi-TE0 n_eff of
 * the 500 × 220 nm Si strip in SiO₂ at 1550 nm with the default grid and window. The semi-vectorial
 * model has no corner coupling, so it lands above the full-vectorial 2.44 (docs-figures/mode.slow.test.ts);
 * the slab-limit agreement is checked in fdmode/semivectorial.test.ts, the full-vectorial figures at
 * 10 nm in mode.slow.test.ts.
 */
import { describe, it } from 'vitest';
import { assertDocumented } from '../docs-text.ts';
import type { ChannelModeResult } from '../fdmode/solve.ts';
import { literalResolver } from '../literal-resolver.ts';
import { solvePhotonics } from '../solve.ts';

describe('channel-mode figures in the documentation come from the solver (semi-vectorial)', () => {
  it('the strip’s quasi-TE0 with the default grid and window', () => {
    const sio2 = { n: 1.444, k: 0 };
    const r = solvePhotonics(
      { kind: 'mode', structure: { type: 'channel', shape: 'strip', method: 'semi_vectorial', core: { material: { n: 3.4757, k: 0 }, width_nm: 500, height_nm: 220 }, cladding: sio2, substrate: sio2, max_modes: 1 }, polarization: 'TE', wavelength_nm: 1550 },
      { materials: literalResolver },
    ) as ChannelModeResult;
    const te0 = r.modes.find((m) => m.polarization === 'TE' && m.order === 0)!;
    assertDocumented(`and ${te0.n_eff.toFixed(2)} for the strip (no corner coupling)`);
  });
});
