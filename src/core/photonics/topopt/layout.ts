/**
 * The grid and the fixed parts of an inverse-design device: where the guides run, where the design
 * region sits, and the port lines (source, input monitor, output monitors). Origin at the centre of
 * the design region, x to the east, y to the north. From the west wall inwards: PML, the port
 * stretch (source one cell past the PML, input monitor half-way to the design region), the design
 * region; the same stretch and PML on the other three sides.
 */
import { pmlSigmaMax, type FdfdGrid } from '../fdfd/grid.ts';
import type { PortLine } from '../fdfd/ports.ts';

/** The geometry fields of the problem (kept structural so the schema can call gridCells before parsing finishes). */
export interface LayoutInput {
  readonly device: 'bend' | 'mode_converter' | 'splitter';
  readonly wavelength_nm: number;
  readonly core_index: number;
  readonly cladding_index: number;
  readonly cell_nm: number;
  readonly design_width_nm: number;
  readonly design_height_nm: number;
  readonly waveguide_width_nm: number;
  readonly output_width_nm: number;
  readonly arm_separation_nm: number;
  readonly port_length_nm: number;
  readonly pml_nm: number;
}

export interface GridCells {
  readonly nx: number;
  readonly ny: number;
  readonly npml: number;
  readonly port: number;
  readonly designX: number;
  readonly designY: number;
}

/** Whole-cell counts of every stretch (rounded), and the grid they add up to. */
export function gridCells(p: Pick<LayoutInput, 'cell_nm' | 'design_width_nm' | 'design_height_nm' | 'port_length_nm' | 'pml_nm'>): GridCells {
  const designX = Math.round(p.design_width_nm / p.cell_nm);
  const designY = Math.round(p.design_height_nm / p.cell_nm);
  const port = Math.round(p.port_length_nm / p.cell_nm);
  const npml = Math.round(p.pml_nm / p.cell_nm);
  return { nx: designX + 2 * (port + npml), ny: designY + 2 * (port + npml), npml, port, designX, designY };
}

export interface OutputPort {
  /** The monitor line and the direction light leaves through it (+1: towards higher index). */
  readonly line: PortLine;
  readonly direction: 1 | -1;
  /** Wanted mode order (0 = TE0). */
  readonly order: number;
  readonly label: string;
  /**
   * Permittivity to solve the port's modes in, when it differs from the device's: a splitter arm's
   * mode is that of the arm alone (the other arm replaced by cladding), not a supermode of the pair.
   */
  readonly modePermittivity?: Float64Array;
}

export interface DesignRegion {
  readonly i0: number;
  readonly j0: number;
  readonly nx: number;
  readonly ny: number;
}

export interface DeviceLayout {
  readonly grid: FdfdGrid;
  /** Vacuum wavenumber, 1/µm. */
  readonly k0: number;
  readonly epsCore: number;
  readonly epsCladding: number;
  /** Permittivity with the guides and an empty (cladding) design region, index i + j·nx. */
  readonly background: Float64Array;
  /** The straight input guide across the whole grid: the normalisation run. */
  readonly reference: Float64Array;
  readonly design: DesignRegion;
  readonly source: PortLine;
  readonly inputMonitor: PortLine;
  readonly outputs: readonly OutputPort[];
  /** Lines just inside the PML on the north, east and south, for the power balance (direction: outwards). */
  readonly box: readonly { readonly line: PortLine; readonly direction: 1 | -1 }[];
}

/** Cell-centre tolerance: a centre exactly on a guide edge (common with round widths) counts as outside. */
const EDGE = 1e-9;

export function buildLayout(p: LayoutInput): DeviceLayout {
  const c = gridCells(p);
  const h = p.cell_nm / 1000;
  const k0 = (2 * Math.PI) / (p.wavelength_nm / 1000);
  const grid: FdfdGrid = { nx: c.nx, ny: c.ny, h, npml: c.npml, sigmaMax: pmlSigmaMax(k0 * p.cladding_index, c.npml * h) };
  const epsCore = p.core_index ** 2;
  const epsCladding = p.cladding_index ** 2;
  const design: DesignRegion = { i0: c.npml + c.port, j0: c.npml + c.port, nx: c.designX, ny: c.designY };
  const x = (i: number) => (i + 0.5 - c.nx / 2) * h;
  const y = (j: number) => (j + 0.5 - c.ny / 2) * h;
  const halfW = p.waveguide_width_nm / 2000;
  const inside = (v: number, centre: number, half: number) => Math.abs(v - centre) < half - EDGE;
  const west = (i: number) => i < design.i0;
  const east = (i: number) => i >= design.i0 + design.nx;
  const south = (j: number) => j < design.j0;

  const isGuide = (i: number, j: number): boolean => {
    if (west(i) && inside(y(j), 0, halfW)) return true;
    if (p.device === 'bend') return south(j) && inside(x(i), 0, halfW);
    if (p.device === 'mode_converter') return east(i) && inside(y(j), 0, p.output_width_nm / 2000);
    const arm = p.arm_separation_nm / 2000;
    return east(i) && (inside(y(j), arm, halfW) || inside(y(j), -arm, halfW));
  };
  const background = new Float64Array(c.nx * c.ny);
  const reference = new Float64Array(c.nx * c.ny);
  for (let j = 0; j < c.ny; j++) {
    for (let i = 0; i < c.nx; i++) {
      background[i + j * c.nx] = isGuide(i, j) ? epsCore : epsCladding;
      reference[i + j * c.nx] = inside(y(j), 0, halfW) ? epsCore : epsCladding;
    }
  }

  const innerY = { from: c.npml, to: c.ny - c.npml };
  const innerX = { from: c.npml, to: c.nx - c.npml };
  const source: PortLine = { normal: 'x', at: c.npml + 1, ...innerY };
  const inputMonitor: PortLine = { normal: 'x', at: c.npml + Math.max(2, Math.floor(c.port / 2) + 1), ...innerY };
  const eastLine = c.nx - c.npml - 2;
  const southLine = c.npml + 1;
  let outputs: OutputPort[];
  if (p.device === 'bend') {
    outputs = [{ line: { normal: 'y', at: southLine, ...innerX }, direction: -1, order: 0, label: 'south TE0' }];
  } else if (p.device === 'mode_converter') {
    outputs = [{ line: { normal: 'x', at: eastLine, ...innerY }, direction: 1, order: 1, label: 'east TE1' }];
  } else {
    const arm = p.arm_separation_nm / 2000;
    const alone = (centre: number) => {
      const eps = background.slice();
      for (let j = 0; j < c.ny; j++) {
        for (let i = 0; i < c.nx; i++) if (east(i) && !inside(y(j), centre, halfW)) eps[i + j * c.nx] = epsCladding;
      }
      return eps;
    };
    outputs = [
      { line: { normal: 'x', at: eastLine, ...innerY }, direction: 1, order: 0, label: 'north arm TE0', modePermittivity: alone(arm) },
      { line: { normal: 'x', at: eastLine, ...innerY }, direction: 1, order: 0, label: 'south arm TE0', modePermittivity: alone(-arm) },
    ];
  }
  const box = [
    { line: { normal: 'y' as const, at: c.ny - c.npml - 2, from: inputMonitor.at, to: innerX.to }, direction: 1 as const },
    { line: { normal: 'x' as const, at: eastLine, ...innerY }, direction: 1 as const },
    { line: { normal: 'y' as const, at: southLine, from: inputMonitor.at, to: innerX.to }, direction: -1 as const },
  ];
  return { grid, k0, epsCore, epsCladding, background, reference, design, source, inputMonitor, outputs, box };
}
