/**
 * The settings docs/photonics-solvers.md quotes (backend thresholds, parity tolerances, when the grid
 * solvers warn, when the page asks before solving), read from the code that applies them, so the
 * text cannot drift from a changed constant (issue 15). These are choices, not measurements: the
 * measured figures are in the other docs-figures files.
 */
import { describe, it } from 'vitest';
import { CONFIRM_ABOVE_SECONDS } from '../../../app/playground/EstimatePanel.tsx';
import { GPU_MIN_FFT_POINTS } from '../dda/backend-choice.ts';
import { DDA_PARITY_TOLERANCE } from '../dda/parity.ts';
import { MAX_MKD } from '../dda/solve.ts';
import { assertDocumented, documentationText } from '../docs-text.ts';
import { MAX_MODE_SOLVE_BYTES, MIN_CELLS_ACROSS } from '../fdmode/solve.ts';
import { literalResolver } from '../literal-resolver.ts';
import { GPU_MIN_PLANE_WAVES } from '../pwe/backend-choice.ts';
import type { BandsSolveResult } from '../pwe/solve.ts';
import type { GratingResult } from '../rcwa/solve.ts';
import { solvePhotonics } from '../solve.ts';

const DOCS = documentationText();
const ctx = { materials: literalResolver };
const e = (v: number) => v.toExponential(0);

describe('settings the documentation quotes are the ones the code applies', () => {
  it('GPU thresholds of the DDA and plane-wave operators', () => {
    assertDocumented(`"auto" keeps grids under ${Math.round(Math.cbrt(GPU_MIN_FFT_POINTS))}³ FFT points on the CPU`, DOCS);
    assertDocumented(`"auto" sends bases from ${Math.round(Math.sqrt(GPU_MIN_PLANE_WAVES))}² plane waves to the GPU`, DOCS);
  });

  it('the DDA f32 parity tolerances', () => {
    assertDocumented(`pass at |Δy|/|y| ≤ ${e(DDA_PARITY_TOLERANCE.f32.y)} and |ΔQext|/Qext ≤ ${e(DDA_PARITY_TOLERANCE.f32.qext)}`, DOCS);
  });

  it('when the page asks before solving', () => {
    assertDocumented(`a solve whose estimate exceeds ${CONFIRM_ABOVE_SECONDS} s waits for **Solve anyway**`, DOCS);
    assertDocumented(`a channel solver's LU over its ${MAX_MODE_SOLVE_BYTES / 2 ** 20} MiB memory limit`, DOCS);
  });

  it('the convergence re-checks: 60 % of the harmonics (RCWA), 4 fewer plane waves per axis (bands)', () => {
    const air = { n: 1, k: 0 };
    const glass = { n: 1.5, k: 0 };
    const grating = solvePhotonics({ kind: 'grating', period_nm: 1000, cover: air, substrate: glass, layers: [{ thickness_nm: 400, background: air, ridges: [{ from: 0.25, to: 0.75, material: glass }] }], polarization: 'TE', wavelength_nm: 632.8, harmonics: 20 }, ctx) as GratingResult;
    const bands = solvePhotonics({ kind: 'bands', lattice: 'square', background_epsilon: 1, shapes: [{ shape: 'circle', radius_a: 0.2, epsilon: 12 }], polarization: 'TM', plane_waves_per_axis: 15, k_points_per_segment: 1, bands: 2 }, ctx) as BandsSolveResult;
    const share = (grating.convergence!.check_harmonics / grating.harmonics) * 100;
    const fewer = 15 - bands.convergence!.check_plane_waves_per_axis;
    assertDocumented(`each solve re-checks at ${share.toFixed(0)} % of the harmonics, or ${fewer} fewer plane waves per axis`, DOCS);
  });

  it('the DDA and channel-mode resolution warnings', () => {
    assertDocumented(`too few dipoles per wavelength (|m|kd > ${MAX_MKD}`, DOCS);
    assertDocumented(`fewer than ${MIN_CELLS_ACROSS} cells across a feature`, DOCS);
  });
});
