/**
 * The channel-mode figure the documentation (README.md, docs/**\/*.md) quotes, recomputed here so the
 * text cannot drift from the solver (issue 15: the README said "TE0 2.4450 at 10 nm cells" after the
 * solver had moved on). Slow (a 10 nm grid over the default window, ~35 s), hence *.slow.test.ts.
 * The strip as the README describes it: 500 × 220 nm Si (n = 3.4757) in SiO₂ (n = 1.444) at 1550 nm,
 * the default window (core plus 1 µm on every side), full-vectorial; issue 6's reference is ≈ 2.44.
 */
import { describe, expect, it } from 'vitest';
import { documentationText } from './docs-text.ts';
import type { ChannelModeResult } from './fdmode/solve.ts';
import { literalResolver } from './literal-resolver.ts';
import { solvePhotonics } from './solve.ts';

describe('channel-mode figures in the documentation come from the solver', () => {
  it('the 500 × 220 nm Si strip: TE0 at 10 nm cells', { timeout: 180_000 }, () => {
    const sio2 = { n: 1.444, k: 0 };
    const r = solvePhotonics(
      {
        kind: 'mode',
        structure: { type: 'channel', shape: 'strip', core: { material: { n: 3.4757, k: 0 }, width_nm: 500, height_nm: 220 }, cladding: sio2, substrate: sio2, grid_nm: 10, max_modes: 1 },
        polarization: 'TE',
        wavelength_nm: 1550,
      },
      { materials: literalResolver },
    ) as ChannelModeResult;
    const te0 = r.modes.find((m) => m.polarization === 'TE' && m.order === 0)!;
    expect(documentationText()).toContain(`the 500 × 220 nm Si strip in SiO₂ at 1550 nm: TE0 ${te0.n_eff.toFixed(4)} at 10 nm cells`);
  });
});
