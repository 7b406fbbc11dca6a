/**
 * WGSL for the DDA product y_conv = Σ_j G(r_i − r_j) x_j as a zero-padded FFT convolution:
 * scatter x onto the grid → forward FFT (one Stockham stage per dispatch) → 3×3 symmetric tensor
 * multiply in Fourier space → inverse FFT → gather at the dipoles. Complex numbers are vec2<f32>
 * (re, im). Every kernel uses WORKGROUP_SIZE threads (64: a multiple of every vendor's SIMD width
 * and well under the 256 WebGPU guarantees) and guards t < threads, because the last workgroup is
 * partial; large dispatches spill into y (see dispatchSize), so t = gid.x + gid.y · rowThreads.
 */
export const WORKGROUP_SIZE = 64;

const HEADER = /* wgsl */ `
fn cmul(a: vec2<f32>, b: vec2<f32>) -> vec2<f32> {
  return vec2<f32>(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}
`;

/** One radix-2 Stockham stage along one axis (see fft-plan.ts for the index arithmetic, tested on the CPU). */
export const FFT_STAGE_WGSL = /* wgsl */ `${HEADER}
struct Stage {
  n: u32, stride: u32, ns: u32, twiddleOffset: u32,
  twiddleStep: u32, inverse: u32, threads: u32, rowThreads: u32,
};
@group(0) @binding(0) var<storage, read> src: array<vec2<f32>>;
@group(0) @binding(1) var<storage, read_write> dst: array<vec2<f32>>;
@group(0) @binding(2) var<storage, read> twiddles: array<vec2<f32>>;
@group(0) @binding(3) var<uniform> stage: Stage;

@compute @workgroup_size(${WORKGROUP_SIZE})
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let t = gid.x + gid.y * stage.rowThreads;
  if (t >= stage.threads) { return; }
  let half = stage.n / 2u;
  let j = t % half;
  let line = t / half;
  let base = (line % stage.stride) + (line / stage.stride) * stage.stride * stage.n;
  let k = j % stage.ns;
  var w = twiddles[stage.twiddleOffset + k * stage.twiddleStep];
  if (stage.inverse == 1u) { w.y = -w.y; }
  let a = src[base + j * stage.stride];
  let b = cmul(w, src[base + (j + half) * stage.stride]);
  let o = (j / stage.ns) * stage.ns * 2u + k;
  dst[base + o * stage.stride] = a + b;
  dst[base + (o + stage.ns) * stage.stride] = a - b;
}
`;

/** E = Ĝ·P at every grid point: Ĝ symmetric, 6 components (xx, xy, xz, yy, yz, zz), already scaled by 1/total. In place. */
export const TENSOR_MULTIPLY_WGSL = /* wgsl */ `${HEADER}
struct Params { total: u32, threads: u32, rowThreads: u32, pad: u32 };
@group(0) @binding(0) var<storage, read_write> field: array<vec2<f32>>;
@group(0) @binding(1) var<storage, read> tensor: array<vec2<f32>>;
@group(0) @binding(2) var<uniform> params: Params;

@compute @workgroup_size(${WORKGROUP_SIZE})
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x + gid.y * params.rowThreads;
  if (i >= params.threads) { return; }
  let n = params.total;
  let px = field[i];
  let py = field[i + n];
  let pz = field[i + 2u * n];
  let gxx = tensor[i];
  let gxy = tensor[i + n];
  let gxz = tensor[i + 2u * n];
  let gyy = tensor[i + 3u * n];
  let gyz = tensor[i + 4u * n];
  let gzz = tensor[i + 5u * n];
  field[i] = cmul(gxx, px) + cmul(gxy, py) + cmul(gxz, pz);
  field[i + n] = cmul(gxy, px) + cmul(gyy, py) + cmul(gyz, pz);
  field[i + 2u * n] = cmul(gxz, px) + cmul(gyz, py) + cmul(gzz, pz);
}
`;

/** Dipole components onto the (cleared) grid: x[3s + c] → grid[c·total + at[s]]. */
export const SCATTER_WGSL = /* wgsl */ `
struct Params { total: u32, threads: u32, rowThreads: u32, pad: u32 };
@group(0) @binding(0) var<storage, read> x: array<vec2<f32>>;
@group(0) @binding(1) var<storage, read> at: array<u32>;
@group(0) @binding(2) var<storage, read_write> grid: array<vec2<f32>>;
@group(0) @binding(3) var<uniform> params: Params;

@compute @workgroup_size(${WORKGROUP_SIZE})
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let t = gid.x + gid.y * params.rowThreads;
  if (t >= params.threads) { return; }
  grid[(t % 3u) * params.total + at[t / 3u]] = x[t];
}
`;

/** The convolution back at the dipoles: grid[c·total + at[s]] → y[3s + c]. */
export const GATHER_WGSL = /* wgsl */ `
struct Params { total: u32, threads: u32, rowThreads: u32, pad: u32 };
@group(0) @binding(0) var<storage, read> grid: array<vec2<f32>>;
@group(0) @binding(1) var<storage, read> at: array<u32>;
@group(0) @binding(2) var<storage, read_write> y: array<vec2<f32>>;
@group(0) @binding(3) var<uniform> params: Params;

@compute @workgroup_size(${WORKGROUP_SIZE})
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let t = gid.x + gid.y * params.rowThreads;
  if (t >= params.threads) { return; }
  y[t] = grid[(t % 3u) * params.total + at[t / 3u]];
}
`;
