/**
 * estimate(problem) for EME. The cost has three parts that scale differently, so the probe times
 * each on this device at a reduced mode count M_p and scales it:
 *   - transverse modes, once per distinct cross-section: bisection + inverse iteration, ∝ N·M;
 *   - one junction per change of cross-section: overlaps ∝ M²N plus dense solves ∝ M³;
 *   - one star product per junction and per swept length (propagation is a diagonal scaling, ∝ M²): dense, ∝ M³;
 *   - the convergence check re-cascades the first wavelength at 60 % of the modes: 0.6³ of the dense part;
 *   - the field map (first wavelength) needs one more pass over the junctions, ∝ M³ each.
 * All of it is repeated per wavelength. Junctions are scaled as M³ although their overlap part grows
 * as M²N, so the figure errs long, not short. The probe runs the problem's first cross-section on its real
 * grid, so N and the index contrast are the real ones.
 */
import { EME_DEFAULT_ACCURACY } from '../default-accuracy.ts';
import type { EstimateOptions, SolveEstimate } from '../estimate.ts';
import type { SolveContext } from '../solve-context.ts';
import { wavelengthGrid } from '../wavelengths.ts';
import type { EmeProblem } from './problem.ts';
import { makeGrid, rasteriseCrossSection, rasteriseTmCrossSection, type ResolvedCore } from './cross-section.ts';
import { junctionSMatrix, solveSliceModes, type Slice } from './cascade.ts';
import { starProduct, starPropagation } from './smatrix.ts';
import { timeProbe } from '../probe-timing.ts';

const PROBE_MODES = 24;
const BYTES_PER_REAL = 8;
const BYTES_PER_COMPLEX = 16;

export function estimateEme(problem: EmeProblem, ctx: SolveContext, options: EstimateOptions): SolveEstimate {
  const wavelengths = wavelengthGrid(problem);
  const grid = makeGrid(problem.window_um, problem.grid_nm);
  const m = Math.min(problem.modes, grid.points);
  const mp = Math.min(m, PROBE_MODES);
  const first = problem.sections[0];
  const wavelength = wavelengths[0] as number;
  if (!first) throw new Error('estimateEme: no sections');
  const cladding = ctx.materials.resolve(problem.cladding, wavelength).n;
  const cores = first.cores.map((c) => ({ centerUm: c.center_um, widthUm: c.width_um, indexSquared: ctx.materials.resolve(c.material, wavelength).n ** 2 }));
  // The probe solves in the problem's polarisation: TM builds its own operator and two overlaps per junction.
  const probeSlice = (key: string, on: readonly ResolvedCore[]): Slice => ({
    key,
    lengthUm: 1,
    indexSquared: rasteriseCrossSection(grid, cladding * cladding, on),
    ...(problem.polarization === 'TM' ? { tm: rasteriseTmCrossSection(grid, cladding * cladding, on) } : {}),
  });
  const slice = probeSlice('probe', cores);
  const empty = probeSlice('empty', []);
  const k0 = (2 * Math.PI) / (wavelength / 1000);

  const modesMs = timeProbe(() => solveSliceModes([slice], grid.dx, k0, mp), options.now);
  const modes = solveSliceModes([slice, empty], grid.dx, k0, mp);
  const a = modes.get('probe');
  const b = modes.get('empty');
  if (!a || !b) throw new Error('estimateEme: probe modes missing');
  const junctionMs = timeProbe(() => junctionSMatrix(a, b, grid.dx), options.now);
  // Timed on full matrices (a junction with a section after it): products with the all-zero blocks
  // of a bare propagation would skip most of the work and time too short.
  const joint = starPropagation(junctionSMatrix(a, b, grid.dx), b.betas, 1);
  const starMs = timeProbe(() => starProduct(joint, joint), options.now);

  const counts = structureCounts(problem);
  const sweepLengths = problem.sweep?.lengths_um.length ?? 0;
  const dense = (m / mp) ** 3;
  const modesPart = counts.crossSections * modesMs * (m / mp);
  const densePart = counts.junctions * junctionMs * dense + (counts.junctions + sweepLengths) * starMs * dense;
  // The convergence check re-cascades the first wavelength with 60 % of the modes (the modes are reused).
  const checkPart = problem.convergence_check ? densePart * 0.6 ** 3 : 0;
  // The field map walks the device once more at the first wavelength: per junction about one star product's dense work.
  const mapPart = problem.field_map ? counts.junctions * starMs * dense : 0;
  const expectedMs = (modesPart + densePart) * wavelengths.length + checkPart + mapPart;
  const advice = [
    `${problem.polarization}: ${grid.points} transverse grid points, ${m} modes kept, ${counts.crossSections} distinct cross-section(s), ${counts.junctions} junction(s), ${counts.slices} slice(s) × ${wavelengths.length} wavelength(s)${sweepLengths > 0 ? `, ${sweepLengths} swept length(s)` : ''}`,
    'cost grows as modes³ per junction and slice, and as grid points × modes per cross-section: converge by raising "modes" (and refining grid_nm) until T stops moving',
    'tapers cost one cross-section and junction per step: double taper_steps once to check the staircase; sweep a section\'s length with "sweep" rather than re-solving',
    EME_DEFAULT_ACCURACY,
  ];
  if (m < 20) advice.push(`${m} modes is a first look only: junctions between different widths need the radiation (box) modes, keep ≥ 20`);
  return {
    kind: 'eme',
    unknowns: grid.points,
    memory_bytes: counts.crossSections * m * grid.points * BYTES_PER_REAL + (counts.junctions + 4) * 4 * m * m * BYTES_PER_COMPLEX,
    expected_seconds: expectedMs / 1000,
    calibration: {
      probe: `first cross-section on the real grid at ${mp} modes: modes ${modesMs.toFixed(2)} ms, one junction ${junctionMs.toFixed(2)} ms, one star product ${starMs.toFixed(2)} ms`,
      probe_ms: modesMs + junctionMs + starMs,
      scale: expectedMs / Math.max(modesMs + junctionMs + starMs, Number.MIN_VALUE),
    },
    advice,
  };
}

/** Slices, distinct cross-sections and junctions of the device (geometry only; the same at every wavelength). */
function structureCounts(problem: EmeProblem): { slices: number; crossSections: number; junctions: number } {
  const keys: string[] = [];
  for (const section of problem.sections) {
    const steps = section.taper_to === undefined ? 1 : section.taper_steps;
    for (let k = 0; k < steps; k++) {
      const t = section.taper_to === undefined ? 0 : (k + 0.5) / steps;
      keys.push(
        section.cores
          .map((c, ci) => {
            const end = section.taper_to?.[ci] ?? c;
            return `${c.center_um + t * (end.center_um - c.center_um)}:${c.width_um + t * (end.width_um - c.width_um)}:${JSON.stringify(c.material)}`;
          })
          .join('|'),
      );
    }
  }
  let junctions = 0;
  for (let i = 1; i < keys.length; i++) if (keys[i] !== keys[i - 1]) junctions++;
  return { slices: keys.length, crossSections: new Set(keys).size, junctions };
}

