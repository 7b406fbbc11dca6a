/**
 * WGSL for one block product y = Θx of the plane-wave operator (layout and index arithmetic in
 * pwe-plan.ts, replayed on the CPU by its tests): scatter x·(k+G) onto the grids → inverse DFT
 * (rows, then columns) → η or κ per grid point → forward DFT (rows, columns) → gather at the
 * plane waves with the 1/N². Every vector of the block and both TE fields go through each
 * dispatch together. Complex numbers are vec2<f32>. Threads: t = gid.x + gid.y·rowThreads, guarded
 * by t < threads (see dispatchSize in fft-plan.ts); workgroups of WORKGROUP_SIZE as for the DDA.
 */
import { WORKGROUP_SIZE } from './dda-shaders.ts';

export { WORKGROUP_SIZE };

/** Shared by scatter and gather: the block's shape. */
const BLOCK_PARAMS = /* wgsl */ `
struct Params { size: u32, count: u32, points: u32, fields: u32, threads: u32, rowThreads: u32, pad0: u32, pad1: u32 };
`;

/** grid[(c·count + v)·N² + at[j]] = factor_c(j) · x[v·size + j]; factor |k+G| (TM) or (k+G)_x, (k+G)_y (TE). Grids cleared before. */
export const PWE_SCATTER_WGSL = /* wgsl */ `${BLOCK_PARAMS}
@group(0) @binding(0) var<storage, read> x: array<vec2<f32>>;
@group(0) @binding(1) var<storage, read> at: array<u32>;
@group(0) @binding(2) var<storage, read> waves: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read_write> grid: array<vec2<f32>>;
@group(0) @binding(4) var<uniform> params: Params;

@compute @workgroup_size(${WORKGROUP_SIZE})
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let t = gid.x + gid.y * params.rowThreads;
  if (t >= params.threads) { return; }
  let j = t % params.size;
  let v = (t / params.size) % params.count;
  let c = t / (params.size * params.count);
  let w = waves[j];
  var factor = w.z;
  if (params.fields == 2u) { factor = select(w.y, w.x, c == 0u); }
  grid[(c * params.count + v) * params.points + at[j]] = factor * x[v * params.size + j];
}
`;

/** Direct DFT along one axis of every grid: out[line, k] = Σ_e in[line, e] · w^{±k·e}, twiddle index k·e mod N kept exact. */
export const PWE_DFT_WGSL = /* wgsl */ `
struct Pass { n: u32, lineStep: u32, elementStep: u32, inverse: u32, threads: u32, rowThreads: u32, pad0: u32, pad1: u32 };
@group(0) @binding(0) var<storage, read> src: array<vec2<f32>>;
@group(0) @binding(1) var<storage, read_write> dst: array<vec2<f32>>;
@group(0) @binding(2) var<storage, read> twiddles: array<vec2<f32>>;
@group(0) @binding(3) var<uniform> dft: Pass;

@compute @workgroup_size(${WORKGROUP_SIZE})
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let t = gid.x + gid.y * dft.rowThreads;
  if (t >= dft.threads) { return; }
  let n = dft.n;
  let line = t / n;
  let k = t % n;
  let base = (line / n) * n * n + (line % n) * dft.lineStep;
  var dir = -1.0;
  if (dft.inverse == 1u) { dir = 1.0; }
  var sum = vec2<f32>(0.0, 0.0);
  var m = 0u;
  for (var e = 0u; e < n; e = e + 1u) {
    let w = twiddles[m];
    let wi = dir * w.y;
    let a = src[base + e * dft.elementStep];
    sum = sum + vec2<f32>(w.x * a.x - wi * a.y, w.x * a.y + wi * a.x);
    m = m + k;
    if (m >= n) { m = m - n; }
  }
  dst[base + k * dft.elementStep] = sum;
}
`;

/** In place at every grid point of every vector: TM a ← η·a; TE (a, b) ← κ·(a, b), κ = (xx, xy, yy) symmetric. */
export const PWE_MEDIUM_WGSL = /* wgsl */ `${BLOCK_PARAMS}
@group(0) @binding(0) var<storage, read_write> grid: array<vec2<f32>>;
@group(0) @binding(1) var<storage, read> medium: array<vec4<f32>>;
@group(0) @binding(2) var<uniform> params: Params;

@compute @workgroup_size(${WORKGROUP_SIZE})
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let t = gid.x + gid.y * params.rowThreads;
  if (t >= params.threads) { return; }
  let k = medium[t % params.points];
  if (params.fields == 1u) {
    grid[t] = k.x * grid[t];
    return;
  }
  let q = t + params.count * params.points;
  let a = grid[t];
  let b = grid[q];
  grid[t] = k.x * a + k.y * b;
  grid[q] = k.y * a + k.z * b;
}
`;

/** y[v·size + j] = |k+G|/N² · grid (TM) or ((k+G)_x a + (k+G)_y b)/N² (TE) at the plane wave's grid point. */
export const PWE_GATHER_WGSL = /* wgsl */ `${BLOCK_PARAMS}
@group(0) @binding(0) var<storage, read> grid: array<vec2<f32>>;
@group(0) @binding(1) var<storage, read> at: array<u32>;
@group(0) @binding(2) var<storage, read> waves: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read_write> y: array<vec2<f32>>;
@group(0) @binding(4) var<uniform> params: Params;

@compute @workgroup_size(${WORKGROUP_SIZE})
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let t = gid.x + gid.y * params.rowThreads;
  if (t >= params.threads) { return; }
  let j = t % params.size;
  let v = t / params.size;
  let w = waves[j];
  let p = v * params.points + at[j];
  if (params.fields == 1u) {
    y[t] = (w.z * w.w) * grid[p];
    return;
  }
  y[t] = (w.x * w.w) * grid[p] + (w.y * w.w) * grid[p + params.count * params.points];
}
`;
