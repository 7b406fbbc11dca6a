/**
 * Layout and index arithmetic of the WebGPU Θ operator (pwe-operator.ts, pwe-shaders.ts), kept as
 * plain TypeScript so Node tests replay every kernel on the CPU in f32 against applyTheta (f64).
 *
 * Grids: `fields` (1 for TM, 2 for TE: the x and y parts of ∇H_z) × `count` vectors, each an N × N
 * grid with u fastest: element (c, v, i) sits at (c·count + v)·N² + i. The odd side N is not a power
 * of two, so each axis is a direct DFT: output k of a line is Σ_u line[u]·w^{±ku}, w = e^{2πi/N},
 * with the twiddle read from a table of e^{2πim/N}, m < N, at m = k·u mod N (the angle is then
 * exact in f64 before rounding once to f32, not k·u·2π/N accumulated in f32).
 * A line L of a pass starts at ⌊L/N⌋·N² + (L mod N)·lineStep and steps by elementStep: rows are
 * (lineStep N, elementStep 1), columns (1, N).
 */
import type { ThetaOperator } from '../../../core/photonics/pwe/operator.ts';
import type { ThetaOperatorBackend } from '../../../core/photonics/pwe/operator-backend.ts';

export interface DftPass {
  readonly lineStep: number;
  readonly elementStep: number;
}

/** The two passes of a 2-D DFT on side n: along u (rows), then along v (columns). */
export function dftPasses(n: number): readonly [DftPass, DftPass] {
  return [
    { lineStep: n, elementStep: 1 },
    { lineStep: 1, elementStep: n },
  ];
}

/** Index of element `e` of line `line` in a pass over grids of side n. */
export function lineElement(pass: DftPass, n: number, line: number, e: number): number {
  return Math.floor(line / n) * n * n + (line % n) * pass.lineStep + e * pass.elementStep;
}

/** e^{2πim/N} for m < N as interleaved (cos, sin), computed in f64. */
export function dftTwiddles(n: number): Float64Array {
  const t = new Float64Array(2 * n);
  for (let m = 0; m < n; m++) {
    t[2 * m] = Math.cos((2 * Math.PI * m) / n);
    t[2 * m + 1] = Math.sin((2 * Math.PI * m) / n);
  }
  return t;
}

export interface ThetaLayout {
  readonly n: number;
  readonly points: number;
  readonly size: number;
  readonly fields: 1 | 2;
  /** Per plane wave: (k+G)_x, (k+G)_y, |k+G|, 1/N² (vec4<f32> on the GPU). */
  readonly planeWaves: Float32Array<ArrayBuffer>;
  /** Per grid point: η, 0, 0, 0 (TM) or κ_xx, κ_xy, κ_yy, 0 (TE). */
  readonly medium: Float32Array<ArrayBuffer>;
  readonly gridIndex: Uint32Array<ArrayBuffer>;
  readonly twiddles: Float32Array<ArrayBuffer>;
}

/** What the GPU uploads for one k-point's operator: everything rounded to f32 once, here. */
export function thetaLayout(op: ThetaOperator): ThetaLayout {
  const n = op.plan.n;
  const points = n * n;
  const planeWaves = new Float32Array(4 * op.size);
  for (let j = 0; j < op.size; j++) {
    planeWaves[4 * j] = op.kgX[j] as number;
    planeWaves[4 * j + 1] = op.kgY[j] as number;
    planeWaves[4 * j + 2] = op.kgNorm[j] as number;
    planeWaves[4 * j + 3] = 1 / points;
  }
  const medium = new Float32Array(4 * points);
  if (op.eta) {
    for (let i = 0; i < points; i++) medium[4 * i] = op.eta[i] as number;
  } else if (op.kappa) {
    const { xx, xy, yy } = op.kappa;
    for (let i = 0; i < points; i++) {
      medium[4 * i] = xx[i] as number;
      medium[4 * i + 1] = xy[i] as number;
      medium[4 * i + 2] = yy[i] as number;
    }
  } else {
    throw new Error('WebGPU Θ: the operator has neither η (TM) nor κ (TE)');
  }
  return { n, points, size: op.size, fields: op.eta ? 1 : 2, planeWaves, medium, gridIndex: Uint32Array.from(op.gridIndex), twiddles: Float32Array.from(dftTwiddles(n)) };
}

const f = Math.fround;

/**
 * The kernels of one block product, in order, on the CPU with f32 storage and f32 rounding after
 * every operation (as the shaders compute): scatter, inverse DFT (rows, columns), medium multiply,
 * forward DFT (rows, columns), gather. `x`, `y` are interleaved (re, im) of count·size values.
 */
export function replayThetaBlock(layout: ThetaLayout, x: Float32Array, count: number): Float32Array {
  const { n, points, size, fields, planeWaves, medium, gridIndex, twiddles } = layout;
  const total = fields * count * points;
  const a = new Float32Array(2 * total);
  const b = new Float32Array(2 * total);
  // scatter: thread (c, v, j)
  for (let c = 0; c < fields; c++) {
    for (let v = 0; v < count; v++) {
      for (let j = 0; j < size; j++) {
        const factor = planeWaves[4 * j + (fields === 1 ? 2 : c)] as number;
        const at = 2 * ((c * count + v) * points + (gridIndex[j] as number));
        a[at] = f(factor * (x[2 * (v * size + j)] as number));
        a[at + 1] = f(factor * (x[2 * (v * size + j) + 1] as number));
      }
    }
  }
  const dft = (src: Float32Array, dst: Float32Array, pass: DftPass, sign: number): void => {
    for (let line = 0; line < fields * count * n; line++) {
      for (let k = 0; k < n; k++) {
        let sr = 0;
        let si = 0;
        let m = 0;
        for (let e = 0; e < n; e++) {
          const wr = twiddles[2 * m] as number;
          const wi = f(sign * (twiddles[2 * m + 1] as number));
          const i = 2 * lineElement(pass, n, line, e);
          const xr = src[i] as number;
          const xi = src[i + 1] as number;
          sr = f(sr + f(f(wr * xr) - f(wi * xi)));
          si = f(si + f(f(wr * xi) + f(wi * xr)));
          m += k;
          if (m >= n) m -= n;
        }
        const o = 2 * lineElement(pass, n, line, k);
        dst[o] = sr;
        dst[o + 1] = si;
      }
    }
  };
  const [rows, columns] = dftPasses(n);
  const transform = (sign: number): void => {
    dft(a, b, rows, sign);
    dft(b, a, columns, sign);
  };
  transform(1);
  // medium multiply: thread (v, i)
  for (let v = 0; v < count; v++) {
    for (let i = 0; i < points; i++) {
      const p = 2 * (v * points + i);
      if (fields === 1) {
        const eta = medium[4 * i] as number;
        a[p] = f(eta * (a[p] as number));
        a[p + 1] = f(eta * (a[p + 1] as number));
        continue;
      }
      const q = p + 2 * count * points;
      const [xx, xy, yy] = [medium[4 * i] as number, medium[4 * i + 1] as number, medium[4 * i + 2] as number];
      const [ar, ai, br, bi] = [a[p] as number, a[p + 1] as number, a[q] as number, a[q + 1] as number];
      a[p] = f(f(xx * ar) + f(xy * br));
      a[p + 1] = f(f(xx * ai) + f(xy * bi));
      a[q] = f(f(xy * ar) + f(yy * br));
      a[q + 1] = f(f(xy * ai) + f(yy * bi));
    }
  }
  transform(-1);
  // gather: thread (v, j)
  const y = new Float32Array(2 * count * size);
  for (let v = 0; v < count; v++) {
    for (let j = 0; j < size; j++) {
      const scale = planeWaves[4 * j + 3] as number;
      const p = 2 * (v * points + (gridIndex[j] as number));
      const o = 2 * (v * size + j);
      if (fields === 1) {
        const g = f((planeWaves[4 * j + 2] as number) * scale);
        y[o] = f(g * (a[p] as number));
        y[o + 1] = f(g * (a[p + 1] as number));
        continue;
      }
      const q = p + 2 * count * points;
      const gx = f((planeWaves[4 * j] as number) * scale);
      const gy = f((planeWaves[4 * j + 1] as number) * scale);
      y[o] = f(f(gx * (a[p] as number)) + f(gy * (a[q] as number)));
      y[o + 1] = f(f(gx * (a[p + 1] as number)) + f(gy * (a[q + 1] as number)));
    }
  }
  return y;
}

/** Split f64 re/im → interleaved f32 (what the GPU's x buffer holds). */
export function packComplex(re: Float64Array, im: Float64Array, length: number, out: Float32Array): void {
  for (let i = 0; i < length; i++) {
    out[2 * i] = re[i] as number;
    out[2 * i + 1] = im[i] as number;
  }
}

/** Interleaved f32 → split f64 re/im (the readback of y). */
export function unpackComplex(packed: Float32Array, length: number, re: Float64Array, im: Float64Array): void {
  for (let i = 0; i < length; i++) {
    re[i] = packed[2 * i] as number;
    im[i] = packed[2 * i + 1] as number;
  }
}

/**
 * The replay as a Θ backend: the WebGPU kernels' arithmetic in f32 on the CPU. For the Node parity
 * suite (it shows what f32 does to the bands without a GPU); far too slow for the page, never registered there.
 */
export const replayPweBackend: ThetaOperatorBackend = {
  id: 'replay',
  precision: 'f32',
  description: 'replay: the WebGPU Θ kernels re-run in f32 on the CPU (parity checks only)',
  create(op) {
    const layout = thetaLayout(op);
    let packed = new Float32Array(0);
    return Promise.resolve({
      size: op.size,
      applyBlock(xRe, xIm, count, yRe, yIm) {
        const length = count * op.size;
        if (packed.length < 2 * length) packed = new Float32Array(2 * length);
        packComplex(xRe, xIm, length, packed);
        unpackComplex(replayThetaBlock(layout, packed, count), length, yRe, yIm);
        return Promise.resolve();
      },
      dispose: () => undefined,
    });
  },
};
