/**
 * solveHeat: the electro-thermal-optical chain of a thermo-optic phase shifter. The heater's
 * resistance R = ρL/(w t) and voltage V give P = V²/R, injected uniformly as q = P/(w t L); the
 * cross-section's steady temperature follows from the cell-centred finite-volume form of
 * ∇·(k∇T) = −q (faces with the harmonic-mean conductance 1/(Δ₁/2k₁ + Δ₂/2k₂)), solved by IC(0)-PCG;
 * the core's mean rise ΔT gives Δφ = (2π/λ)(dn/dT)ΔT L. All physics per metre of length in 2-D
 * (W/m), multiplied by L where a total is reported.
 */
import { resolveThermalMaterial, MAX_HEAT_CELLS, parseHeatProblem, type HeatBoundary, type HeatProblem } from './problem.ts';
import { axisCells, buildAxis, type Axis } from './grid.ts';
import { solvePcg } from './pcg.ts';

const UM = 1e-6;

export interface HeatTemperatureMap {
  /** Cell centres, µm. */
  readonly x_um: number[];
  readonly y_um: number[];
  /** Cell temperatures, K, row-major from the bottom row: t_k[j * x_um.length + i]. */
  readonly t_k: number[];
}

export interface HeatResult {
  readonly kind: 'heat';
  readonly heater: {
    readonly resistance_ohm: number;
    readonly voltage_v: number;
    readonly current_a: number;
    /** I/(w t), A/m². */
    readonly current_density_a_m2: number;
    readonly power_w: number;
    /** Mean temperature of the heater cells, K. */
    readonly mean_t_k: number;
  };
  readonly core: {
    /** Area-mean temperature rise of the core over the reference temperature, K. */
    readonly delta_t_k: number;
    readonly mean_t_k: number;
    readonly dn_dt_per_k: number;
    readonly phase_rad: number;
    /** Power for a π shift (Δφ ∝ P): P·π/Δφ, W. Infinity when no phase is produced. */
    readonly p_pi_w: number;
    /** Voltage for a π shift (P ∝ V²): V·√(π/Δφ), V. */
    readonly v_pi_v: number;
  };
  readonly max: { readonly t_k: number; readonly delta_t_k: number; readonly x_um: number; readonly y_um: number };
  /** The temperature rises are measured from this: the bottom wall's (else the first fixed or ambient one's). */
  readonly reference_t_k: number;
  readonly energy: {
    /** Heat in, W (per the whole length). */
    readonly power_in_w: number;
    /** Heat leaving through each side, W (negative: entering). */
    readonly out_w: { readonly bottom: number; readonly top: number; readonly left: number; readonly right: number };
    /** |Σ out − P| / max(P, Σ|out|). */
    readonly relative_error: number;
  };
  readonly grid: { readonly nx: number; readonly ny: number; readonly cells: number };
  readonly solver: { readonly method: 'IC(0)-PCG'; readonly iterations: number; readonly relative_residual: number; readonly converged: boolean };
  readonly map: HeatTemperatureMap;
  readonly warnings: string[];
}

function edges(p: HeatProblem, axis: 'x' | 'y'): number[] {
  const key = axis === 'x' ? 'x_um' : 'y_um';
  const [lo, hi] = p.domain_um[axis];
  const out = [lo, hi, ...p.heater[key], ...p.core[key]];
  for (const r of p.rects) for (const v of r[key]) out.push(Math.min(hi, Math.max(lo, v)));
  return out.map((v) => v * UM);
}

function axes(p: HeatProblem): { x: Axis; y: Axis } {
  const g = p.grid;
  const args = [g.cell_nm * 1e-9, g.max_cell_nm * 1e-9, g.growth, g.subdivide] as const;
  return { x: buildAxis(edges(p, 'x'), ...args), y: buildAxis(edges(p, 'y'), ...args) };
}

/** The number of cells the problem's grid has, without building it. */
export function heatGridCells(p: HeatProblem): { nx: number; ny: number; cells: number } {
  const g = p.grid;
  const args = [g.cell_nm * 1e-9, g.max_cell_nm * 1e-9, g.growth, g.subdivide] as const;
  const nx = axisCells(edges(p, 'x'), ...args);
  const ny = axisCells(edges(p, 'y'), ...args);
  return { nx, ny, cells: nx * ny };
}

const within = (v: number, [a, b]: readonly [number, number]): boolean => v >= a * UM && v <= b * UM;

/** Conductance (per metre of length) from a cell centre through a wall with this condition, and the wall temperature. */
function wallConductance(bc: HeatBoundary, halfWidth: number, k: number, face: number): { g: number; t: number } {
  if (bc.type === 'adiabatic') return { g: 0, t: 0 };
  if (bc.type === 'fixed') return { g: (face * k) / halfWidth, t: bc.t_k };
  return { g: face / (halfWidth / k + 1 / bc.h_w_m2k), t: bc.t_ambient_k };
}

function referenceTemperature(p: HeatProblem): number {
  const b = p.boundaries;
  for (const s of [b.bottom, b.top, b.left, b.right]) {
    if (s.type === 'fixed') return s.t_k;
    if (s.type === 'convective') return s.t_ambient_k;
  }
  return 300;
}

export function solveHeat(input: unknown): HeatResult {
  const p = parseHeatProblem(input);
  const size = heatGridCells(p);
  if (size.cells > MAX_HEAT_CELLS) {
    throw new Error(`heat grid of ${size.nx} × ${size.ny} = ${size.cells} cells is over the limit of ${MAX_HEAT_CELLS}: raise grid.cell_nm or grid.max_cell_nm, lower grid.subdivide, or shrink the domain`);
  }
  const { x, y } = axes(p);
  const nx = x.centres.length;
  const ny = y.centres.length;
  const n = nx * ny;

  // Materials per cell: background, then rectangles in order, then the heater on top.
  const background = resolveThermalMaterial(p.background);
  const k = new Float64Array(n).fill(background.k_w_mk);
  const dndt = new Float64Array(n).fill(background.dn_dt_per_k);
  const heaterCell = new Uint8Array(n);
  const heaterMat = resolveThermalMaterial(p.heater.material);
  for (let j = 0; j < ny; j++) {
    const yc = y.centres[j] as number;
    for (let i = 0; i < nx; i++) {
      const xc = x.centres[i] as number;
      const c = j * nx + i;
      for (const r of p.rects) {
        if (within(xc, r.x_um) && within(yc, r.y_um)) {
          const m = resolveThermalMaterial(r.material);
          k[c] = m.k_w_mk;
          dndt[c] = m.dn_dt_per_k;
        }
      }
      if (within(xc, p.heater.x_um) && within(yc, p.heater.y_um)) {
        heaterCell[c] = 1;
        k[c] = heaterMat.k_w_mk;
      }
    }
  }

  // Electrical side: R = ρL/(w t), P = V²/R, q = P/(w t L).
  const w = (p.heater.x_um[1] - p.heater.x_um[0]) * UM;
  const t = (p.heater.y_um[1] - p.heater.y_um[0]) * UM;
  const length = p.heater.length_um * UM;
  const rho = heaterMat.resistivity_ohm_m as number;
  const resistance = (rho * length) / (w * t);
  const voltage = p.heater.voltage_v;
  const current = voltage / resistance;
  const power = voltage * current;
  const q = power / (w * t * length);

  // Assembly: conductances per metre of length, W/(m·K).
  const diag = new Float64Array(n);
  const east = new Float64Array(n);
  const north = new Float64Array(n);
  const rhs = new Float64Array(n);
  const bc = p.boundaries;
  const wall = { bottom: [] as [number, number, number][], top: [] as [number, number, number][], left: [] as [number, number, number][], right: [] as [number, number, number][] };
  for (let j = 0; j < ny; j++) {
    const dy = y.widths[j] as number;
    for (let i = 0; i < nx; i++) {
      const dx = x.widths[i] as number;
      const c = j * nx + i;
      const kc = k[c] as number;
      if (heaterCell[c]) rhs[c] = q * dx * dy;
      if (i < nx - 1) {
        const dx2 = x.widths[i + 1] as number;
        const g = dy / (dx / (2 * kc) + dx2 / (2 * (k[c + 1] as number)));
        east[c] = g;
        diag[c] = (diag[c] as number) + g;
        diag[c + 1] = (diag[c + 1] as number) + g;
      }
      if (j < ny - 1) {
        const dy2 = y.widths[j + 1] as number;
        const g = dx / (dy / (2 * kc) + dy2 / (2 * (k[c + nx] as number)));
        north[c] = g;
        diag[c] = (diag[c] as number) + g;
        diag[c + nx] = (diag[c + nx] as number) + g;
      }
      const sides: [keyof typeof wall, boolean, number, number][] = [
        ['bottom', j === 0, dy / 2, dx],
        ['top', j === ny - 1, dy / 2, dx],
        ['left', i === 0, dx / 2, dy],
        ['right', i === nx - 1, dx / 2, dy],
      ];
      for (const [side, on, half, face] of sides) {
        if (!on) continue;
        const wc = wallConductance(bc[side], half, kc, face);
        if (wc.g === 0) continue;
        diag[c] = (diag[c] as number) + wc.g;
        rhs[c] = (rhs[c] as number) + wc.g * wc.t;
        wall[side].push([c, wc.g, wc.t]);
      }
    }
  }

  const sol = solvePcg({ nx, ny, diag, east, north }, rhs, p.tolerance, Math.max(2000, 20 * Math.ceil(Math.sqrt(n)) * 10));
  const T = sol.x;
  const tRef = referenceTemperature(p);

  // Energy balance: heat leaving through the walls against the power put in (both per metre).
  const outSide = (side: keyof typeof wall): number => wall[side].reduce((s, [c, g, tw]) => s + g * ((T[c] as number) - tw), 0) * length;
  const out_w = { bottom: outSide('bottom'), top: outSide('top'), left: outSide('left'), right: outSide('right') };
  const outTotal = out_w.bottom + out_w.top + out_w.left + out_w.right;
  const outAbs = Math.abs(out_w.bottom) + Math.abs(out_w.top) + Math.abs(out_w.left) + Math.abs(out_w.right);
  const scale = Math.max(power, outAbs);
  const relative_error = scale === 0 ? 0 : Math.abs(outTotal - power) / scale;

  // Core and heater means (area-weighted), and the maximum.
  let coreArea = 0;
  let coreSum = 0;
  let heatArea = 0;
  let heatSum = 0;
  let coreCells = 0;
  let maxT = -Infinity;
  let maxAt = 0;
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      const c = j * nx + i;
      const a = (x.widths[i] as number) * (y.widths[j] as number);
      const tc = T[c] as number;
      if (tc > maxT) {
        maxT = tc;
        maxAt = c;
      }
      if (within(x.centres[i] as number, p.core.x_um) && within(y.centres[j] as number, p.core.y_um)) {
        coreArea += a;
        coreSum += a * tc;
        coreCells++;
      }
      if (heaterCell[c]) {
        heatArea += a;
        heatSum += a * tc;
      }
    }
  }
  const coreMean = coreSum / coreArea;
  const deltaCore = coreMean - tRef;
  const centreIndex = nearestCell(x, y, (p.core.x_um[0] + p.core.x_um[1]) / 2 * UM, (p.core.y_um[0] + p.core.y_um[1]) / 2 * UM);
  const dn = p.core.dn_dt_per_k ?? (dndt[centreIndex] as number);
  const phase = ((2 * Math.PI) / (p.wavelength_nm * 1e-9)) * dn * deltaCore * length;
  const pPi = phase !== 0 ? (power * Math.PI) / Math.abs(phase) : Infinity;
  const vPi = phase !== 0 ? voltage * Math.sqrt(Math.PI / Math.abs(phase)) : Infinity;

  const warnings: string[] = [];
  if (!sol.converged) warnings.push(`PCG stopped after ${sol.iterations} iterations at relative residual ${sol.relativeResidual.toExponential(1)} (> ${p.tolerance}): the temperatures are not converged`);
  if (relative_error > 1e-6) warnings.push(`energy balance off by ${relative_error.toExponential(1)} (heat out vs. power in)`);
  if (coreCells < 16) warnings.push(`the core is covered by only ${coreCells} cells: refine grid.cell_nm for a trustworthy ΔT`);
  if (dn === 0) warnings.push('dn/dT of the core is 0: no thermo-optic phase (give core.dn_dt_per_k or put a core material under it)');
  const rise = maxT - tRef;
  if (rise > 0) {
    for (const side of ['left', 'right', 'top'] as const) {
      if (bc[side].type !== 'adiabatic') continue;
      const edge = side === 'top' ? rowMax(T, nx, ny - 1) : columnMax(T, nx, ny, side === 'left' ? 0 : nx - 1);
      if (edge - tRef > 0.1 * rise) warnings.push(`the ${side} side is adiabatic but still ${(((edge - tRef) / rise) * 100).toFixed(0)} % of the peak rise: widen the domain so the wall does not trap heat`);
    }
  }

  return {
    kind: 'heat',
    heater: { resistance_ohm: resistance, voltage_v: voltage, current_a: current, current_density_a_m2: current / (w * t), power_w: power, mean_t_k: heatSum / heatArea },
    core: { delta_t_k: deltaCore, mean_t_k: coreMean, dn_dt_per_k: dn, phase_rad: phase, p_pi_w: pPi, v_pi_v: vPi },
    max: { t_k: maxT, delta_t_k: rise, x_um: (x.centres[maxAt % nx] as number) / UM, y_um: (y.centres[Math.floor(maxAt / nx)] as number) / UM },
    reference_t_k: tRef,
    energy: { power_in_w: power, out_w, relative_error },
    grid: { nx, ny, cells: n },
    solver: { method: 'IC(0)-PCG', iterations: sol.iterations, relative_residual: sol.relativeResidual, converged: sol.converged },
    map: { x_um: Array.from(x.centres, (v) => v / UM), y_um: Array.from(y.centres, (v) => v / UM), t_k: Array.from(T) },
    warnings,
  };
}

function nearestCell(x: Axis, y: Axis, xv: number, yv: number): number {
  const idx = (a: Float64Array, v: number) => {
    let best = 0;
    for (let i = 1; i < a.length; i++) if (Math.abs((a[i] as number) - v) < Math.abs((a[best] as number) - v)) best = i;
    return best;
  };
  return idx(y.centres, yv) * x.centres.length + idx(x.centres, xv);
}

const rowMax = (T: Float64Array, nx: number, j: number): number => Math.max(...T.subarray(j * nx, (j + 1) * nx));
function columnMax(T: Float64Array, nx: number, ny: number, i: number): number {
  let m = -Infinity;
  for (let j = 0; j < ny; j++) m = Math.max(m, T[j * nx + i] as number);
  return m;
}

/** Bilinear temperature at (x, y) µm between cell centres (clamped to the outermost centres). */
export function sampleTemperature(map: HeatTemperatureMap, xUm: number, yUm: number): number {
  const locate = (a: readonly number[], v: number): [number, number] => {
    if (v <= (a[0] as number)) return [0, 0];
    for (let i = 0; i < a.length - 1; i++) if (v <= (a[i + 1] as number)) return [i, (v - (a[i] as number)) / ((a[i + 1] as number) - (a[i] as number))];
    return [a.length - 2, 1];
  };
  const nx = map.x_um.length;
  const [i, fx] = locate(map.x_um, xUm);
  const [j, fy] = locate(map.y_um, yUm);
  const at = (ii: number, jj: number) => map.t_k[Math.min(jj, map.y_um.length - 1) * nx + Math.min(ii, nx - 1)] as number;
  return (1 - fy) * ((1 - fx) * at(i, j) + fx * at(i + 1, j)) + fy * ((1 - fx) * at(i, j + 1) + fx * at(i + 1, j + 1));
}
