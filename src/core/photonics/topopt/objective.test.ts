/**
 * The adjoint gradient against central finite differences of the FOM, through the whole chain
 * ρ → filter → projection → ε → FDFD → mode overlap, on a small bend and a small splitter.
 */
import { describe, expect, it } from 'vitest';
import { InverseDesignProblemSchema } from './problem.ts';
import { buildLayout } from './layout.ts';
import { conicFilter } from './density.ts';
import { designFactorer, evaluate, normalise, preparePorts } from './objective.ts';
import { densities, fomAndGradient, initialDesign } from './optimise.ts';
import { assertDocumented } from '../docs-text.ts';

/** Relative agreement of adjoint and finite-difference gradients; docs/photonics-solvers.md quotes it (issue 15). */
const GRADIENT_TOLERANCE = 1e-4;

function setUp(device: 'bend' | 'splitter' | 'mode_converter', combine: 'sum' | 'min' = 'sum') {
  const p = InverseDesignProblemSchema.parse({
    kind: 'inverse_design',
    device,
    cell_nm: 50,
    design_width_nm: 1200,
    design_height_nm: 1200,
    waveguide_width_nm: 400,
    arm_separation_nm: 700,
    output_width_nm: 1000,
    port_length_nm: 300,
    pml_nm: 400,
    filter_radius_nm: 100,
    splitter_fom: combine,
  });
  const layout = buildLayout(p);
  const ports = preparePorts(layout);
  const norm = normalise(layout, ports);
  const filter = conicFilter(layout.design.nx, layout.design.ny, p.filter_radius_nm / p.cell_nm);
  // A random (seeded) design, so no symmetry hides a wrong sign or a transposed index.
  const rho = initialDesign(layout.design.nx * layout.design.ny, 'random', 5);
  return { layout, ports, norm, filter, rho, combine };
}

function checkGradient(s: ReturnType<typeof setUp>, beta: number, cells: readonly number[]) {
  const { layout, ports, norm, filter, rho, combine } = s;
  // The adjoint path as the optimiser runs it (condensed factors); the differences use full factorisations.
  const { gradient } = fomAndGradient(layout, ports, norm, filter, rho, beta, combine, designFactorer(layout));
  const fom = (r: Float64Array) => evaluate(layout, ports, norm, densities(layout, filter, r, beta).eps, combine, false).fom;
  const step = 1e-4;
  for (const c of cells) {
    const up = rho.slice();
    const down = rho.slice();
    up[c] = (up[c] as number) + step;
    down[c] = (down[c] as number) - step;
    const fd = (fom(up) - fom(down)) / (2 * step);
    const adjoint = gradient[c] as number;
    expect(Math.abs(adjoint - fd)).toBeLessThan(GRADIENT_TOLERANCE * Math.abs(fd));
  }
}

describe('adjoint gradient of the FOM', () => {
  it('is the tolerance the documentation states', () => {
    assertDocumented(`the adjoint gradient matches central finite differences to ${GRADIENT_TOLERANCE.toExponential(0)} for each device`);
  });

  it('matches central finite differences (step 1e-4) to 1e-4 relative at several cells of a bend', () => {
    const s = setUp('bend');
    const n = s.layout.design.nx;
    // Corner, edge, centre and off-centre cells.
    checkGradient(s, 4, [0, n - 1, Math.floor(n / 2) + n * Math.floor(n / 2), 3 + 17 * n, 20 + 5 * n]);
  });

  it('matches for the two-output splitter (sum) and the mode converter (TE1 output) as well', () => {
    const sp = setUp('splitter');
    const n = sp.layout.design.nx;
    checkGradient(sp, 8, [5 + 7 * n, 18 + 12 * n]);
    const mc = setUp('mode_converter');
    checkGradient(mc, 2, [9 + 9 * n, 22 + 3 * n]);
  });

  it('matches for the splitter’s min FOM (the random design makes one arm strictly weaker, so the minimum is differentiable there)', () => {
    const sp = setUp('splitter', 'min');
    const n = sp.layout.design.nx;
    checkGradient(sp, 4, [6 + 6 * n, 15 + 19 * n]);
  });
});
