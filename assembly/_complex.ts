// Complex helpers shared by the kernels in assembly/ on raw (re, im) f64 pairs. Results come back
// through the two globals RE and IM (no allocation on the hot path); kernels may also assign them.
// Each division matches the TypeScript twin of the kernel that uses it, bit for bit, so both stay.

export let RE: f64 = 0;
export let IM: f64 = 0;

/** (RE, IM) = a·b. */
@inline
export function cmul(ar: f64, ai: f64, br: f64, bi: f64): void {
  const re = ar * br - ai * bi;
  const im = ar * bi + ai * br;
  RE = re;
  IM = im;
}

/** (RE, IM) = a/b as a·b̄/|b|², exactly as quot() in src/core/photonics/mie/quotient.ts (range argument there). */
@inline
export function cdivConj(ar: f64, ai: f64, br: f64, bi: f64): void {
  const t = 1 / (br * br + bi * bi);
  const re = (ar * br + ai * bi) * t;
  const im = (ai * br - ar * bi) * t;
  RE = re;
  IM = im;
}

/** (RE, IM) = a/b by Smith's division, as div() in src/core/photonics/complex.ts. */
@inline
export function cdivSmith(ar: f64, ai: f64, br: f64, bi: f64): void {
  if (Math.abs(br) >= Math.abs(bi)) {
    const r = bi / br;
    const d = br + bi * r;
    RE = (ar + ai * r) / d;
    IM = (ai - ar * r) / d;
  } else {
    const r = br / bi;
    const d = br * r + bi;
    RE = (ar * r + ai) / d;
    IM = (ai * r - ar) / d;
  }
}

/** (RE, IM) = principal square root of a (Re ≥ 0; Im ≥ 0 on the cut), as sqrt() in src/core/photonics/complex.ts. */
@inline
export function csqrt(ar: f64, ai: f64): void {
  if (ar == 0 && ai == 0) {
    RE = 0;
    IM = 0;
    return;
  }
  const m = Math.sqrt(ar * ar + ai * ai);
  const re = Math.sqrt((m + Math.abs(ar)) / 2);
  if (ar >= 0) {
    RE = re;
    IM = ai / (2 * re);
  } else {
    RE = Math.abs(ai) / (2 * re);
    IM = ai >= 0 ? re : -re;
  }
}
