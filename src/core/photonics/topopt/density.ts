/**
 * From design variables to permittivity: ρ (one value in [0, 1] per design cell) → conic density
 * filter ρ̃ (sets a minimum feature size and removes checkerboards) → tanh projection ρ̂ (pushes ρ̃
 * towards 0 or 1 as β grows) → ε = ε_min + ρ̂·(ε_max − ε_min). Each step also applies its transpose
 * (chain rule backwards), which is what turns ∂FOM/∂ε from the adjoint solve into ∂FOM/∂ρ.
 * Arrays are design-region cells, index i + j·nx.
 */

export interface ConicFilter {
  readonly nx: number;
  readonly ny: number;
  /** Neighbour offsets and weights (r − distance, in cells) inside the radius. */
  readonly offsets: readonly { readonly di: number; readonly dj: number; readonly w: number }[];
  /** Σ of the weights that land inside the region, per cell (edge cells see fewer neighbours). */
  readonly norm: Float64Array;
}

/** Conic weights w(d) = max(0, r − d) with r in cells; r < 1 leaves ρ unfiltered. */
export function conicFilter(nx: number, ny: number, radiusCells: number): ConicFilter {
  const offsets: { di: number; dj: number; w: number }[] = [];
  const r = Math.max(radiusCells, 1);
  const reach = Math.ceil(r) - 1;
  for (let dj = -reach; dj <= reach; dj++) {
    for (let di = -reach; di <= reach; di++) {
      const w = r - Math.hypot(di, dj);
      if (w > 0) offsets.push({ di, dj, w });
    }
  }
  const norm = new Float64Array(nx * ny);
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      let s = 0;
      for (const o of offsets) {
        const ii = i + o.di;
        const jj = j + o.dj;
        if (ii >= 0 && ii < nx && jj >= 0 && jj < ny) s += o.w;
      }
      norm[i + j * nx] = s;
    }
  }
  return { nx, ny, offsets, norm };
}

/** ρ̃_c = Σ_n w_cn ρ_n / Σ_n w_cn. */
export function applyFilter(f: ConicFilter, rho: Float64Array): Float64Array {
  const { nx, ny } = f;
  const out = new Float64Array(nx * ny);
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      let s = 0;
      for (const o of f.offsets) {
        const ii = i + o.di;
        const jj = j + o.dj;
        if (ii >= 0 && ii < nx && jj >= 0 && jj < ny) s += o.w * (rho[ii + jj * nx] as number);
      }
      out[i + j * nx] = s / (f.norm[i + j * nx] as number);
    }
  }
  return out;
}

/** The transpose: g_n = Σ_c w_cn g_c / Σ_m w_cm (the weights are symmetric in the offset, the norms are not). */
export function applyFilterTranspose(f: ConicFilter, g: Float64Array): Float64Array {
  const { nx, ny } = f;
  const scaled = new Float64Array(nx * ny);
  for (let k = 0; k < nx * ny; k++) scaled[k] = (g[k] as number) / (f.norm[k] as number);
  const out = new Float64Array(nx * ny);
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      let s = 0;
      for (const o of f.offsets) {
        const ii = i + o.di;
        const jj = j + o.dj;
        if (ii >= 0 && ii < nx && jj >= 0 && jj < ny) s += o.w * (scaled[ii + jj * nx] as number);
      }
      out[i + j * nx] = s;
    }
  }
  return out;
}

/** Projection threshold: the tanh step is centred on ρ̃ = ½, so solid and void are treated alike. */
export const PROJECTION_ETA = 0.5;

/** ρ̂ = (tanh(βη) + tanh(β(ρ̃ − η))) / (tanh(βη) + tanh(β(1 − η))): 0 ↦ 0, 1 ↦ 1, steeper as β grows. */
export function project(rhoTilde: Float64Array, beta: number): Float64Array {
  const a = Math.tanh(beta * PROJECTION_ETA);
  const d = a + Math.tanh(beta * (1 - PROJECTION_ETA));
  return rhoTilde.map((r) => (a + Math.tanh(beta * (r - PROJECTION_ETA))) / d);
}

/** dρ̂/dρ̃ cell by cell. */
export function projectDerivative(rhoTilde: Float64Array, beta: number): Float64Array {
  const d = Math.tanh(beta * PROJECTION_ETA) + Math.tanh(beta * (1 - PROJECTION_ETA));
  return rhoTilde.map((r) => (beta * (1 - Math.tanh(beta * (r - PROJECTION_ETA)) ** 2)) / d);
}
