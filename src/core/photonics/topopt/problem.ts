/**
 * The `inverse_design` problem: topology optimisation of a small 2-D device (90° bend, TE0→TE1 mode
 * converter, 1×2 splitter) in a rectangular design region, by FDFD with adjoint gradients. Lengths in
 * nm; the indices are effective 2-D indices (e.g. a 220 nm Si slab's TE effective index in the core,
 * 2.85 at 1550 nm, and SiO₂'s 1.44 around it). Every default is a quick but resolved setup.
 */
import { z } from 'zod';
import { INVERSE_DESIGN_DEFAULT_ACCURACY } from '../default-accuracy.ts';
import { gridCells } from './layout.ts';

/** Cells of the whole grid (design + ports + PML): banded elimination costs ∝ cells·min(nx, ny)², so this bounds a solve. */
export const MAX_TOPOPT_CELLS = 40_000;
export const MAX_TOPOPT_ITERATIONS = 300;

export const InverseDesignProblemSchema = z
  .strictObject({
    kind: z.literal('inverse_design').describe('topology optimisation of a small 2-D device by FDFD with adjoint gradients'),
    device: z
      .enum(['bend', 'mode_converter', 'splitter'])
      .describe('bend: 90° bend, input from the west, output to the south (TE0→TE0); mode_converter: TE0 in, TE1 out of a wider guide to the east; splitter: 1×2, two guides to the east'),
    wavelength_nm: z.number().finite().min(200).max(20_000).default(1550).describe('vacuum wavelength, nm'),
    core_index: z.number().finite().min(1).max(5).default(2.85).describe('effective index of the guides and of solid design cells (Si slab, 2-D effective-index method)'),
    cladding_index: z.number().finite().min(1).max(5).default(1.44).describe('index around the guides and of empty design cells (SiO₂)'),
    cell_nm: z.number().finite().min(5).max(200).default(40).describe(`square grid cell, nm: keep ≥ 12 cells per wavelength in the core index (λ/(12·core_index)). ${INVERSE_DESIGN_DEFAULT_ACCURACY}`),
    design_width_nm: z.number().finite().positive().max(10_000).default(2000).describe('design region along x, nm'),
    design_height_nm: z.number().finite().positive().max(10_000).default(2000).describe('design region along y, nm'),
    waveguide_width_nm: z.number().finite().positive().max(5000).default(400).describe('width of the input guide (and of the bend and splitter outputs), nm'),
    output_width_nm: z.number().finite().positive().max(5000).default(1000).describe('mode_converter only: width of the multimode output guide, nm (must guide TE1)'),
    arm_separation_nm: z.number().finite().positive().max(10_000).default(1000).describe('splitter only: centre-to-centre distance of the two output guides, nm'),
    splitter_fom: z.enum(['sum', 'min']).default('sum').describe('splitter only: maximise the sum of both arms’ TE0 power, or the weaker arm’s'),
    port_length_nm: z.number().finite().positive().max(5000).default(400).describe('straight guide between the design region and the PML, where the source and monitors sit, nm'),
    pml_nm: z.number().finite().positive().max(5000).default(320).describe('PML thickness on every side, nm (≥ 8 cells)'),
    iterations: z.number().int().min(1).max(MAX_TOPOPT_ITERATIONS).default(30).describe('optimiser iterations (each: one factorisation, a forward and an adjoint solve)'),
    learning_rate: z.number().finite().positive().max(1).default(0.05).describe('Adam step on the design variables ρ ∈ [0, 1]'),
    filter_radius_nm: z.number().finite().nonnegative().max(1000).default(80).describe('conic density filter radius, nm (sets the smallest feature; 0 = no filter)'),
    beta_start: z.number().finite().positive().max(256).default(2).describe('tanh projection sharpness at the start (β continuation)'),
    beta_max: z.number().finite().positive().max(256).default(32).describe('projection sharpness at the end: β doubles in equal stages from beta_start to beta_max'),
    start: z
      .enum(['uniform', 'random'])
      .default('uniform')
      .describe('initial design: ρ = 0.5 everywhere, or seeded uniform noise in [0.3, 0.7] (use random for the mode converter: a symmetric start has zero gradient towards TE1)'),
    seed: z.number().int().nonnegative().default(1).describe('seed of the random start'),
  })
  .superRefine((p, ctx) => {
    const cells = gridCells(p);
    if (cells.nx * cells.ny > MAX_TOPOPT_CELLS) {
      ctx.addIssue({
        code: 'custom',
        message: `grid too big: ${cells.nx} × ${cells.ny} = ${cells.nx * cells.ny} cells exceeds ${MAX_TOPOPT_CELLS}; raise cell_nm or shrink design_width_nm / design_height_nm / port_length_nm / pml_nm`,
        path: ['cell_nm'],
      });
    }
    if (cells.npml < 4) ctx.addIssue({ code: 'custom', message: `pml_nm gives only ${cells.npml} cells of PML; use at least 4 (8 is better)`, path: ['pml_nm'] });
    if (cells.port < 6) ctx.addIssue({ code: 'custom', message: `port_length_nm gives only ${cells.port} cells between PML and design region; the source and monitors need at least 6`, path: ['port_length_nm'] });
    if (cells.designX < 2 || cells.designY < 2) ctx.addIssue({ code: 'custom', message: 'the design region must span at least 2 cells each way', path: ['design_width_nm'] });
    if (p.beta_max < p.beta_start) ctx.addIssue({ code: 'custom', message: 'beta_max must not be below beta_start', path: ['beta_max'] });
    if (p.core_index <= p.cladding_index) ctx.addIssue({ code: 'custom', message: 'core_index must exceed cladding_index for the ports to guide', path: ['core_index'] });
    // Below 4 cells per wavelength the discrete dispersion of the ports breaks down (β·h/2 → 1): the
    // answer would be noise, so refuse rather than warn (12 or more is the advice for a trusted FOM).
    const cellsPerWavelength = p.wavelength_nm / (p.core_index * p.cell_nm);
    if (cellsPerWavelength < 4) {
      ctx.addIssue({ code: 'custom', message: `cell_nm ${p.cell_nm} gives only ${cellsPerWavelength.toFixed(1)} cells per wavelength in the core index; use at most ${Math.floor(p.wavelength_nm / (4 * p.core_index))} nm (≤ ${Math.floor(p.wavelength_nm / (12 * p.core_index))} nm for a trusted FOM)`, path: ['cell_nm'] });
    }
    if (p.device === 'splitter' && p.arm_separation_nm - p.waveguide_width_nm < 2 * p.cell_nm) {
      ctx.addIssue({ code: 'custom', message: `the splitter's arms overlap or touch: arm_separation_nm (${p.arm_separation_nm}) must exceed waveguide_width_nm (${p.waveguide_width_nm}) by at least two cells (${2 * p.cell_nm} nm)`, path: ['arm_separation_nm'] });
    }
    const guideSpan = p.device === 'mode_converter' ? p.output_width_nm : p.device === 'splitter' ? p.arm_separation_nm + p.waveguide_width_nm : p.waveguide_width_nm;
    if (Math.max(guideSpan, p.waveguide_width_nm) > Math.min(p.design_width_nm, p.design_height_nm)) {
      ctx.addIssue({ code: 'custom', message: 'the guides must fit beside the design region: waveguide_width_nm (and output_width_nm or arm_separation_nm + width) must not exceed the design region', path: ['waveguide_width_nm'] });
    }
  });

export type InverseDesignProblem = z.infer<typeof InverseDesignProblemSchema>;
export type InverseDesignDevice = InverseDesignProblem['device'];
