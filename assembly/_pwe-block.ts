// The plane-wave band solver's real block kernels (re-exported by photonics-linalg.ts, so they ship
// in the same module): the Gram products, the block combinations and the residuals of LOBPCG on
// real vectors, and the Maxwell operator Θ on the N × N grid (N = P odd, the grid being the basis).
// Twin of src/core/photonics/pwe/block-kernel.ts (the TypeScript reference); the parity suite holds
// the two to rounding. Every pointer is a byte address; a block of `count` vectors of length n is
// stored vector after vector (vector j at j·n). Vectors may start at odd doubles: v128 loads and
// stores need no alignment in WebAssembly.
//
// Θ on a real operator (a cell with inversion symmetry) maps real vectors to real ones, so two of
// them travel as the real and imaginary parts of one complex field through the same transforms
// (half the transforms). The 2-D DFT of an odd side N is done as two passes "across rows" with a
// transpose between them; each pass pairs the rows v and N − v (Σ cos·(r_v + r_{N−v}) and
// Σ sin·(r_v − r_{N−v})), a quarter of the multiplies of the direct matrix product, and runs on
// whole rows of interleaved complex values two lanes at a time.

import { ld, st } from './_memory';

/** out[i·nb + j] = Σ_t a_i[t]·b_j[t] for i < na, j < nb. */
export function pweGram(a: usize, na: i32, b: usize, nb: i32, n: i32, out: usize): void {
  const rowBytes = <usize>n << 3;
  const even = n & ~1;
  for (let i = 0; i < na; i += 2) {
    const two = i + 1 < na;
    const a0 = a + <usize>i * rowBytes;
    const a1 = two ? a0 + rowBytes : a0;
    for (let j = 0; j < nb; j += 2) {
      const twoB = j + 1 < nb;
      const b0 = b + <usize>j * rowBytes;
      const b1 = twoB ? b0 + rowBytes : b0;
      let s00 = f64x2.splat(0);
      let s01 = f64x2.splat(0);
      let s10 = f64x2.splat(0);
      let s11 = f64x2.splat(0);
      for (let t = 0; t < even; t += 2) {
        const o = <usize>t << 3;
        const x0 = v128.load(a0 + o);
        const x1 = v128.load(a1 + o);
        const y0 = v128.load(b0 + o);
        const y1 = v128.load(b1 + o);
        s00 = f64x2.add(s00, f64x2.mul(x0, y0));
        s01 = f64x2.add(s01, f64x2.mul(x0, y1));
        s10 = f64x2.add(s10, f64x2.mul(x1, y0));
        s11 = f64x2.add(s11, f64x2.mul(x1, y1));
      }
      let r00 = f64x2.extract_lane(s00, 0) + f64x2.extract_lane(s00, 1);
      let r01 = f64x2.extract_lane(s01, 0) + f64x2.extract_lane(s01, 1);
      let r10 = f64x2.extract_lane(s10, 0) + f64x2.extract_lane(s10, 1);
      let r11 = f64x2.extract_lane(s11, 0) + f64x2.extract_lane(s11, 1);
      if (even < n) {
        const o = <usize>even << 3;
        const x0 = load<f64>(a0 + o);
        const x1 = load<f64>(a1 + o);
        const y0 = load<f64>(b0 + o);
        const y1 = load<f64>(b1 + o);
        r00 += x0 * y0;
        r01 += x0 * y1;
        r10 += x1 * y0;
        r11 += x1 * y1;
      }
      store<f64>(out + ((<usize>(i * nb + j)) << 3), r00);
      if (twoB) store<f64>(out + ((<usize>(i * nb + j + 1)) << 3), r01);
      if (two) {
        store<f64>(out + ((<usize>((i + 1) * nb + j)) << 3), r10);
        if (twoB) store<f64>(out + ((<usize>((i + 1) * nb + j + 1)) << 3), r11);
      }
    }
  }
}

/**
 * out_j = [out_j +] Σ_{i < ns} c[i·m + j]·s_i for j < m (c row-major ns × m). out must not overlap s.
 * Four outputs at a time, the sum over i kept in registers for each pair of doubles.
 */
export function pweCombine(s: usize, ns: i32, c: usize, m: i32, n: i32, out: usize, add: i32): void {
  const rowBytes = <usize>n << 3;
  const even = n & ~1;
  for (let j = 0; j < m; j += 4) {
    const w = min(4, m - j);
    const o0 = out + <usize>j * rowBytes;
    const o1 = w > 1 ? o0 + rowBytes : o0;
    const o2 = w > 2 ? o1 + rowBytes : o1;
    const o3 = w > 3 ? o2 + rowBytes : o2;
    // Coefficients of absent outputs are read from column j (harmless) and never stored.
    const j1 = w > 1 ? j + 1 : j;
    const j2 = w > 2 ? j + 2 : j1;
    const j3 = w > 3 ? j + 3 : j2;
    const quad = n & ~3;
    // Four doubles of each of the four outputs per step: each coefficient is loaded once for two lane pairs.
    for (let t = 0; t < quad; t += 4) {
      const o = <usize>t << 3;
      let a0 = add ? v128.load(o0 + o) : f64x2.splat(0);
      let a1 = add ? v128.load(o1 + o) : f64x2.splat(0);
      let a2 = add ? v128.load(o2 + o) : f64x2.splat(0);
      let a3 = add ? v128.load(o3 + o) : f64x2.splat(0);
      let b0 = add ? v128.load(o0 + o + 16) : f64x2.splat(0);
      let b1 = add ? v128.load(o1 + o + 16) : f64x2.splat(0);
      let b2 = add ? v128.load(o2 + o + 16) : f64x2.splat(0);
      let b3 = add ? v128.load(o3 + o + 16) : f64x2.splat(0);
      let row = s + o;
      let cr = c;
      for (let i = 0; i < ns; i++) {
        const x = v128.load(row);
        const y = v128.load(row + 16);
        const c0 = f64x2.splat(load<f64>(cr + (<usize>j << 3)));
        const c1 = f64x2.splat(load<f64>(cr + (<usize>j1 << 3)));
        const c2 = f64x2.splat(load<f64>(cr + (<usize>j2 << 3)));
        const c3 = f64x2.splat(load<f64>(cr + (<usize>j3 << 3)));
        a0 = f64x2.add(a0, f64x2.mul(c0, x));
        b0 = f64x2.add(b0, f64x2.mul(c0, y));
        a1 = f64x2.add(a1, f64x2.mul(c1, x));
        b1 = f64x2.add(b1, f64x2.mul(c1, y));
        a2 = f64x2.add(a2, f64x2.mul(c2, x));
        b2 = f64x2.add(b2, f64x2.mul(c2, y));
        a3 = f64x2.add(a3, f64x2.mul(c3, x));
        b3 = f64x2.add(b3, f64x2.mul(c3, y));
        row += rowBytes;
        cr += <usize>m << 3;
      }
      // Stored last to first so the duplicates of an absent output are overwritten by the real one.
      v128.store(o3 + o, a3);
      v128.store(o3 + o + 16, b3);
      v128.store(o2 + o, a2);
      v128.store(o2 + o + 16, b2);
      v128.store(o1 + o, a1);
      v128.store(o1 + o + 16, b1);
      v128.store(o0 + o, a0);
      v128.store(o0 + o + 16, b0);
    }
    for (let t = quad; t < even; t += 2) {
      const o = <usize>t << 3;
      let a0 = add ? v128.load(o0 + o) : f64x2.splat(0);
      let a1 = add ? v128.load(o1 + o) : f64x2.splat(0);
      let a2 = add ? v128.load(o2 + o) : f64x2.splat(0);
      let a3 = add ? v128.load(o3 + o) : f64x2.splat(0);
      for (let i = 0; i < ns; i++) {
        const x = v128.load(s + <usize>i * rowBytes + o);
        const cr = c + (<usize>(i * m) << 3);
        a0 = f64x2.add(a0, f64x2.mul(f64x2.splat(load<f64>(cr + (<usize>j << 3))), x));
        a1 = f64x2.add(a1, f64x2.mul(f64x2.splat(load<f64>(cr + (<usize>j1 << 3))), x));
        a2 = f64x2.add(a2, f64x2.mul(f64x2.splat(load<f64>(cr + (<usize>j2 << 3))), x));
        a3 = f64x2.add(a3, f64x2.mul(f64x2.splat(load<f64>(cr + (<usize>j3 << 3))), x));
      }
      v128.store(o3 + o, a3);
      v128.store(o2 + o, a2);
      v128.store(o1 + o, a1);
      v128.store(o0 + o, a0);
    }
    if (even < n) {
      const o = <usize>even << 3;
      let a0 = add ? load<f64>(o0 + o) : 0.0;
      let a1 = add ? load<f64>(o1 + o) : 0.0;
      let a2 = add ? load<f64>(o2 + o) : 0.0;
      let a3 = add ? load<f64>(o3 + o) : 0.0;
      for (let i = 0; i < ns; i++) {
        const x = load<f64>(s + <usize>i * rowBytes + o);
        const cr = c + (<usize>(i * m) << 3);
        a0 += load<f64>(cr + (<usize>j << 3)) * x;
        a1 += load<f64>(cr + (<usize>j1 << 3)) * x;
        a2 += load<f64>(cr + (<usize>j2 << 3)) * x;
        a3 += load<f64>(cr + (<usize>j3 << 3)) * x;
      }
      store<f64>(o3 + o, a3);
      store<f64>(o2 + o, a2);
      store<f64>(o1 + o, a1);
      store<f64>(o0 + o, a0);
    }
  }
}

/** out_j = ax_j − λ_j·x_j and norms[j] = ‖out_j‖² for j < m. */
export function pweResidual(x: usize, ax: usize, lambda: usize, m: i32, n: i32, out: usize, norms: usize): void {
  for (let j = 0; j < m; j++) {
    const l = load<f64>(lambda + (<usize>j << 3));
    const base = <usize>(j * n) << 3;
    let sum = 0.0;
    for (let t = 0; t < n; t++) {
      const o = base + (<usize>t << 3);
      const r = load<f64>(ax + o) - l * load<f64>(x + o);
      store<f64>(out + o, r);
      sum += r * r;
    }
    store<f64>(norms + (<usize>j << 3), sum);
  }
}

/** norms[j] = ‖v_j‖² for j < m. */
export function pweNorms(v: usize, m: i32, n: i32, norms: usize): void {
  for (let j = 0; j < m; j++) {
    const base = v + (<usize>(j * n) << 3);
    let sum = 0.0;
    for (let t = 0; t < n; t++) {
      const x = load<f64>(base + (<usize>t << 3));
      sum += x * x;
    }
    store<f64>(norms + (<usize>j << 3), sum);
  }
}

/** v_j ← d ⊙ v_j for j < m, and component `fixed` (when ≥ 0) set to zero. */
export function pwePrecondition(v: usize, m: i32, n: i32, d: usize, fixed: i32): void {
  for (let j = 0; j < m; j++) {
    const base = v + (<usize>(j * n) << 3);
    for (let t = 0; t < n; t++) {
      const o = <usize>t << 3;
      store<f64>(base + o, load<f64>(base + o) * load<f64>(d + o));
    }
    if (fixed >= 0) store<f64>(base + (<usize>fixed << 3), 0.0);
  }
}

// ---- Θ on the grid ------------------------------------------------------------------------------

/** Doubles of scratch pweTheta needs for side N: four complex grids and the N paired rows. */
export function pweThetaScratchDoubles(nSide: i32): i32 {
  return 4 * 2 * nSide * nSide + 2 * nSide * nSide;
}

/** Doubles of the twiddle table pweTwiddles writes for side N: (cos, cos, sin, sin) for each k, v in 1…(N − 1)/2. */
export function pweTwiddleDoubles(nSide: i32): i32 {
  const h = (nSide - 1) >> 1;
  return 4 * h * h;
}

/** The rows passes' table from cs[j] = cos(2πj/N), sn[j] = sin(2πj/N): each pair already in both lanes. */
export function pweTwiddles(nSide: i32, cs: usize, sn: usize, table: usize): void {
  const h = (nSide - 1) >> 1;
  for (let k = 1; k <= h; k++) {
    for (let v = 1; v <= h; v++) {
      const idx = <usize>((k * v) % nSide) << 3;
      const at = table + (<usize>(((k - 1) * h + (v - 1)) * 4) << 3);
      const c = load<f64>(cs + idx);
      const s = load<f64>(sn + idx);
      store<f64>(at, c);
      store<f64>(at + 8, c);
      store<f64>(at + 16, s);
      store<f64>(at + 24, s);
    }
  }
}

/**
 * In place over the N rows of g (each N interleaved complex values): row k ← Σ_v e^{sign·2πikv/N} row_v.
 * N odd; tw is pweTwiddles' table; scratch holds N rows. Two columns at a time share each twiddle load.
 */
function rowPass(g: usize, nSide: i32, sign: f64, tw: usize, scratch: usize): void {
  const h = (nSide - 1) >> 1;
  const rowBytes = <usize>(2 * nSide) << 3;
  // scratch row 0: row_0; rows 1…h: sums r_v + r_{N−v}; rows h+1…2h: differences r_v − r_{N−v}.
  memory.copy(scratch, g, rowBytes);
  for (let v = 1; v <= h; v++) {
    const rv = g + <usize>v * rowBytes;
    const rw = g + <usize>(nSide - v) * rowBytes;
    const ps = scratch + <usize>v * rowBytes;
    const pd = scratch + <usize>(h + v) * rowBytes;
    for (let t = 0; t < nSide; t++) {
      const o = <usize>t << 4;
      const a = v128.load(rv + o);
      const b = v128.load(rw + o);
      v128.store(ps + o, f64x2.add(a, b));
      v128.store(pd + o, f64x2.sub(a, b));
    }
  }
  // k = 0: the plain sum of all rows.
  for (let t = 0; t < nSide; t++) {
    const o = <usize>t << 4;
    let a0 = v128.load(scratch + o);
    for (let v = 1; v <= h; v++) a0 = f64x2.add(a0, v128.load(scratch + <usize>v * rowBytes + o));
    v128.store(g + o, a0);
  }
  // i·(re, im) = (−im, re); with the sign folded in: sign·i·B = (−sign·im, sign·re).
  const flip = f64x2(-sign, sign);
  const dOff = <usize>h * rowBytes;
  const even = nSide & ~1;
  for (let k = 1; k <= h; k++) {
    const twk = tw + (<usize>((k - 1) * h * 4) << 3);
    const outK = g + <usize>k * rowBytes;
    const outN = g + <usize>(nSide - k) * rowBytes;
    let t = 0;
    for (; t < even; t += 2) {
      const o = <usize>t << 4;
      let acc0 = v128.load(scratch + o);
      let acc1 = v128.load(scratch + o + 16);
      let bcc0 = f64x2.splat(0);
      let bcc1 = f64x2.splat(0);
      let row = scratch + rowBytes + o;
      let tws = twk;
      for (let v = 1; v <= h; v++) {
        const c = v128.load(tws);
        const s = v128.load(tws + 16);
        acc0 = f64x2.add(acc0, f64x2.mul(c, v128.load(row)));
        acc1 = f64x2.add(acc1, f64x2.mul(c, v128.load(row + 16)));
        bcc0 = f64x2.add(bcc0, f64x2.mul(s, v128.load(row + dOff)));
        bcc1 = f64x2.add(bcc1, f64x2.mul(s, v128.load(row + dOff + 16)));
        row += rowBytes;
        tws += 32;
      }
      const ib0 = f64x2.mul(flip, v128.shuffle<f64>(bcc0, bcc0, 1, 0));
      const ib1 = f64x2.mul(flip, v128.shuffle<f64>(bcc1, bcc1, 1, 0));
      v128.store(outK + o, f64x2.add(acc0, ib0));
      v128.store(outK + o + 16, f64x2.add(acc1, ib1));
      v128.store(outN + o, f64x2.sub(acc0, ib0));
      v128.store(outN + o + 16, f64x2.sub(acc1, ib1));
    }
    if (t < nSide) {
      const o = <usize>t << 4;
      let acc = v128.load(scratch + o);
      let bcc = f64x2.splat(0);
      let row = scratch + rowBytes + o;
      let tws = twk;
      for (let v = 1; v <= h; v++) {
        acc = f64x2.add(acc, f64x2.mul(v128.load(tws), v128.load(row)));
        bcc = f64x2.add(bcc, f64x2.mul(v128.load(tws + 16), v128.load(row + dOff)));
        row += rowBytes;
        tws += 32;
      }
      const ib = f64x2.mul(flip, v128.shuffle<f64>(bcc, bcc, 1, 0));
      v128.store(outK + o, f64x2.add(acc, ib));
      v128.store(outN + o, f64x2.sub(acc, ib));
    }
  }
}

/** to[u][v] = from[v][u] for an N × N grid of complex values. */
function transpose(from: usize, to: usize, nSide: i32): void {
  for (let v = 0; v < nSide; v++) {
    for (let u = 0; u < nSide; u++) {
      v128.store(to + (<usize>(v + nSide * u) << 4), v128.load(from + (<usize>(u + nSide * v) << 4)));
    }
  }
}

/** Real space → Fourier sums or back (sign +1: e^{+i}, unnormalised): g in layout [v][u] ends in layout [u][v] in t, or the reverse. */
function dft2(g: usize, t: usize, nSide: i32, sign: f64, tw: usize, scratch: usize): void {
  rowPass(g, nSide, sign, tw, scratch);
  transpose(g, t, nSide);
  rowPass(t, nSide, sign, tw, scratch);
}

/**
 * y = Θx for `count` real vectors of n plane waves, two at a time as one complex field.
 * pol 0 (TM): k1 = |k+G|, f0 = η transposed (f0[v + N·u] = η[u + N·v]); pol 1 (TE): k1, k2 the x and
 * y components of k+G, f0, f1, f2 = κ_xx, κ_xy, κ_yy transposed. tw: pweTwiddles' table. grid holds the grid index u + N·v
 * of each plane wave (i32). scratch: pweThetaScratchDoubles(N) doubles.
 */
export function pweTheta(pol: i32, nSide: i32, n: i32, grid: usize, k1: usize, k2: usize, f0: usize, f1: usize, f2: usize, tw: usize, x: usize, count: i32, y: usize, scratch: usize): void {
  const cells = nSide * nSide;
  const gridBytes = <usize>(2 * cells) << 3;
  const ga = scratch;
  const ta = ga + gridBytes;
  const gb = ta + gridBytes;
  const tb = gb + gridBytes;
  const rows = tb + gridBytes;
  const scale = 1.0 / <f64>cells;
  const rowBytes = <usize>n << 3;
  for (let j = 0; j < count; j += 2) {
    const pair = j + 1 < count;
    const x0 = x + <usize>j * rowBytes;
    const x1 = x0 + rowBytes;
    const y0 = y + <usize>j * rowBytes;
    const y1 = y0 + rowBytes;
    memory.fill(ga, 0, gridBytes);
    if (pol == 1) memory.fill(gb, 0, gridBytes);
    for (let p = 0; p < n; p++) {
      const o = <usize>p << 3;
      const at = <usize>load<i32>(grid + (<usize>p << 2)) << 4;
      const re = load<f64>(x0 + o);
      const im = pair ? load<f64>(x1 + o) : 0.0;
      const c1 = load<f64>(k1 + o);
      store<f64>(ga + at, c1 * re);
      store<f64>(ga + at + 8, c1 * im);
      if (pol == 1) {
        const c2 = load<f64>(k2 + o);
        store<f64>(gb + at, c2 * re);
        store<f64>(gb + at + 8, c2 * im);
      }
    }
    dft2(ga, ta, nSide, 1.0, tw, rows);
    if (pol == 0) {
      for (let i = 0; i < cells; i++) {
        const o = <usize>i << 4;
        v128.store(ta + o, f64x2.mul(f64x2.splat(load<f64>(f0 + (<usize>i << 3))), v128.load(ta + o)));
      }
    } else {
      dft2(gb, tb, nSide, 1.0, tw, rows);
      for (let i = 0; i < cells; i++) {
        const o = <usize>i << 4;
        const q = <usize>i << 3;
        const a = v128.load(ta + o);
        const b = v128.load(tb + o);
        const cxy = f64x2.splat(load<f64>(f1 + q));
        v128.store(ta + o, f64x2.add(f64x2.mul(f64x2.splat(load<f64>(f0 + q)), a), f64x2.mul(cxy, b)));
        v128.store(tb + o, f64x2.add(f64x2.mul(cxy, a), f64x2.mul(f64x2.splat(load<f64>(f2 + q)), b)));
      }
      dft2(tb, gb, nSide, -1.0, tw, rows);
    }
    dft2(ta, ga, nSide, -1.0, tw, rows);
    for (let p = 0; p < n; p++) {
      const o = <usize>p << 3;
      const at = <usize>load<i32>(grid + (<usize>p << 2)) << 4;
      const c1 = load<f64>(k1 + o) * scale;
      let re = c1 * load<f64>(ga + at);
      let im = c1 * load<f64>(ga + at + 8);
      if (pol == 1) {
        const c2 = load<f64>(k2 + o) * scale;
        re += c2 * load<f64>(gb + at);
        im += c2 * load<f64>(gb + at + 8);
      }
      store<f64>(y0 + o, re);
      if (pair) store<f64>(y1 + o, im);
    }
  }
}

// ---- small real symmetric eigenproblem (the Rayleigh–Ritz and SVQB matrices) --------------------
// Householder tridiagonalisation and the implicit QL iteration with accumulated rotations (EISPACK
// tred2/tql2, in the form of JAMA's EigenvalueDecomposition), then the pairs sorted ascending.

/**
 * v holds the symmetric n × n matrix (row-major, both triangles) on entry and its eigenvectors as
 * columns on return; d the eigenvalues ascending; e is scratch of n. Returns 0, or 1 when QL stalls.
 */
export function pweSymmetricEigen(v: usize, n: i32, d: usize, e: usize): i32 {
  // V[i][j] at v + (i·n + j)·8.
  for (let j = 0; j < n; j++) st(d, j, ld(v, (n - 1) * n + j));
  for (let i = n - 1; i > 0; i--) {
    let scale = 0.0;
    let h = 0.0;
    for (let k = 0; k < i; k++) scale += abs(ld(d, k));
    if (scale == 0.0) {
      st(e, i, ld(d, i - 1));
      for (let j = 0; j < i; j++) {
        st(d, j, ld(v, (i - 1) * n + j));
        st(v, i * n + j, 0.0);
        st(v, j * n + i, 0.0);
      }
    } else {
      for (let k = 0; k < i; k++) {
        const dk = ld(d, k) / scale;
        st(d, k, dk);
        h += dk * dk;
      }
      let f = ld(d, i - 1);
      let g = sqrt(h);
      if (f > 0) g = -g;
      st(e, i, scale * g);
      h = h - f * g;
      st(d, i - 1, f - g);
      for (let j = 0; j < i; j++) st(e, j, 0.0);
      for (let j = 0; j < i; j++) {
        f = ld(d, j);
        st(v, j * n + i, f);
        g = ld(e, j) + ld(v, j * n + j) * f;
        for (let k = j + 1; k <= i - 1; k++) {
          g += ld(v, k * n + j) * ld(d, k);
          st(e, k, ld(e, k) + ld(v, k * n + j) * f);
        }
        st(e, j, g);
      }
      f = 0.0;
      for (let j = 0; j < i; j++) {
        const ej = ld(e, j) / h;
        st(e, j, ej);
        f += ej * ld(d, j);
      }
      const hh = f / (h + h);
      for (let j = 0; j < i; j++) st(e, j, ld(e, j) - hh * ld(d, j));
      for (let j = 0; j < i; j++) {
        f = ld(d, j);
        g = ld(e, j);
        for (let k = j; k <= i - 1; k++) st(v, k * n + j, ld(v, k * n + j) - (f * ld(e, k) + g * ld(d, k)));
        st(d, j, ld(v, (i - 1) * n + j));
        st(v, i * n + j, 0.0);
      }
    }
    st(d, i, h);
  }
  // Accumulate the transformations.
  for (let i = 0; i < n - 1; i++) {
    st(v, (n - 1) * n + i, ld(v, i * n + i));
    st(v, i * n + i, 1.0);
    const h = ld(d, i + 1);
    if (h != 0.0) {
      for (let k = 0; k <= i; k++) st(d, k, ld(v, k * n + i + 1) / h);
      for (let j = 0; j <= i; j++) {
        let g = 0.0;
        for (let k = 0; k <= i; k++) g += ld(v, k * n + i + 1) * ld(v, k * n + j);
        for (let k = 0; k <= i; k++) st(v, k * n + j, ld(v, k * n + j) - g * ld(d, k));
      }
    }
    for (let k = 0; k <= i; k++) st(v, k * n + i + 1, 0.0);
  }
  for (let j = 0; j < n; j++) {
    st(d, j, ld(v, (n - 1) * n + j));
    st(v, (n - 1) * n + j, 0.0);
  }
  st(v, (n - 1) * n + n - 1, 1.0);
  st(e, 0, 0.0);

  // QL.
  for (let i = 1; i < n; i++) st(e, i - 1, ld(e, i));
  st(e, n - 1, 0.0);
  let f = 0.0;
  let tst1 = 0.0;
  const eps = 2.220446049250313e-16;
  for (let l = 0; l < n; l++) {
    tst1 = max(tst1, abs(ld(d, l)) + abs(ld(e, l)));
    let m = l;
    while (m < n) {
      if (abs(ld(e, m)) <= eps * tst1) break;
      m++;
    }
    if (m > l) {
      let iter = 0;
      do {
        if (++iter > 30 * n) return 1;
        let g = ld(d, l);
        let p = (ld(d, l + 1) - g) / (2.0 * ld(e, l));
        let r = sqrt(p * p + 1.0);
        if (p < 0) r = -r;
        st(d, l, ld(e, l) / (p + r));
        st(d, l + 1, ld(e, l) * (p + r));
        const dl1 = ld(d, l + 1);
        let h = g - ld(d, l);
        for (let i = l + 2; i < n; i++) st(d, i, ld(d, i) - h);
        f += h;
        p = ld(d, m);
        let c = 1.0;
        let c2 = c;
        let c3 = c;
        const el1 = ld(e, l + 1);
        let s = 0.0;
        let s2 = 0.0;
        for (let i = m - 1; i >= l; i--) {
          c3 = c2;
          c2 = c;
          s2 = s;
          g = c * ld(e, i);
          h = c * p;
          const ei = ld(e, i);
          r = sqrt(p * p + ei * ei);
          st(e, i + 1, s * r);
          s = ei / r;
          c = p / r;
          p = c * ld(d, i) - s * g;
          st(d, i + 1, h + s * (c * g + s * ld(d, i)));
          for (let k = 0; k < n; k++) {
            const vk1 = ld(v, k * n + i + 1);
            const vk = ld(v, k * n + i);
            st(v, k * n + i + 1, s * vk + c * vk1);
            st(v, k * n + i, c * vk - s * vk1);
          }
        }
        p = (-s * s2 * c3 * el1 * ld(e, l)) / dl1;
        st(e, l, s * p);
        st(d, l, c * p);
      } while (abs(ld(e, l)) > eps * tst1);
    }
    st(d, l, ld(d, l) + f);
    st(e, l, 0.0);
  }
  // Sort ascending (selection sort, as JAMA; stable enough for the caller, which breaks no ties).
  for (let i = 0; i < n - 1; i++) {
    let k = i;
    let p = ld(d, i);
    for (let j = i + 1; j < n; j++) {
      if (ld(d, j) < p) {
        k = j;
        p = ld(d, j);
      }
    }
    if (k != i) {
      st(d, k, ld(d, i));
      st(d, i, p);
      for (let j = 0; j < n; j++) {
        const t = ld(v, j * n + i);
        st(v, j * n + i, ld(v, j * n + k));
        st(v, j * n + k, t);
      }
    }
  }
  return 0;
}
