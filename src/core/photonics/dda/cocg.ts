/**
 * Conjugate orthogonal conjugate gradient (COCG; van der Vorst & Melissen 1990) for A x = b with A
 * complex symmetric (Aᵀ = A, not Hermitian) — the DDA matrix is, because G(r) = G(−r) = G(r)ᵀ and
 * the diagonal 1/α is scalar. It is CG with the unconjugated bilinear form xᵀy; its iterates are
 * those of the complex-symmetric Lanczos process that ADDA's default QMR also builds, so at the same
 * residual both reach the same solution. Stops at ‖b − Ax‖/‖b‖ < tolerance (ADDA: 1e-5).
 */

export interface ComplexVector {
  readonly re: Float64Array;
  readonly im: Float64Array;
}

export interface CocgOptions {
  readonly tolerance: number;
  readonly maxIterations: number;
  /** Called after each iteration with the relative residual; may throw to cancel (e.g. signal.throwIfAborted). */
  readonly onIteration?: (iteration: number, relativeResidual: number) => void;
}

export interface CocgResult {
  readonly x: ComplexVector;
  readonly iterations: number;
  readonly relativeResidual: number;
  readonly converged: boolean;
  /** Set when the bilinear form pᵀAp vanished (a breakdown the method cannot step over). */
  readonly breakdown: boolean;
}

type Apply = (xRe: Float64Array, xIm: Float64Array, yRe: Float64Array, yIm: Float64Array) => void;

/** xᵀy without conjugation. */
function dotU(aRe: Float64Array, aIm: Float64Array, bRe: Float64Array, bIm: Float64Array): [number, number] {
  let re = 0;
  let im = 0;
  for (let i = 0; i < aRe.length; i++) {
    const ar = aRe[i] as number;
    const ai = aIm[i] as number;
    const br = bRe[i] as number;
    const bi = bIm[i] as number;
    re += ar * br - ai * bi;
    im += ar * bi + ai * br;
  }
  return [re, im];
}

function norm(re: Float64Array, im: Float64Array): number {
  let s = 0;
  for (let i = 0; i < re.length; i++) s += (re[i] as number) ** 2 + (im[i] as number) ** 2;
  return Math.sqrt(s);
}

/** y = A·x into the caller's buffers; the async form lets the product run on a GPU and be read back. */
type AsyncApply = (xRe: Float64Array, xIm: Float64Array, yRe: Float64Array, yIm: Float64Array) => Promise<void>;

/** One request of the iteration for y = A·x (the only step that differs between a CPU and a GPU operator). */
interface ApplyRequest {
  readonly x: ComplexVector;
  readonly y: ComplexVector;
}

/** Solves A x = b from the initial guess x0 (copied). */
export function cocg(apply: Apply, b: ComplexVector, x0: ComplexVector, options: CocgOptions): CocgResult {
  const steps = cocgSteps(b, x0, options);
  for (let s = steps.next(); ; s = steps.next()) {
    if (s.done) return s.value;
    apply(s.value.x.re, s.value.x.im, s.value.y.re, s.value.y.im);
  }
}

/** The same iteration with an asynchronous product: identical arithmetic, so a CPU operator gives bit-identical iterates. */
export async function cocgAsync(apply: AsyncApply, b: ComplexVector, x0: ComplexVector, options: CocgOptions): Promise<CocgResult> {
  const steps = cocgSteps(b, x0, options);
  for (let s = steps.next(); ; s = steps.next()) {
    if (s.done) return s.value;
    await apply(s.value.x.re, s.value.x.im, s.value.y.re, s.value.y.im);
  }
}

/**
 * The iteration as a generator that yields each product it needs and resumes once the caller has
 * filled `y`: one body for the synchronous and the asynchronous drivers above.
 */
function* cocgSteps(b: ComplexVector, x0: ComplexVector, options: CocgOptions): Generator<ApplyRequest, CocgResult, void> {
  const n = b.re.length;
  const xRe = Float64Array.from(x0.re);
  const xIm = Float64Array.from(x0.im);
  const rRe = new Float64Array(n);
  const rIm = new Float64Array(n);
  const qRe = new Float64Array(n);
  const qIm = new Float64Array(n);
  const q = { re: qRe, im: qIm };
  yield { x: { re: xRe, im: xIm }, y: q };
  for (let i = 0; i < n; i++) {
    rRe[i] = (b.re[i] as number) - (qRe[i] as number);
    rIm[i] = (b.im[i] as number) - (qIm[i] as number);
  }
  const bNorm = norm(b.re, b.im) || 1;
  let residual = norm(rRe, rIm) / bNorm;
  const pRe = Float64Array.from(rRe);
  const pIm = Float64Array.from(rIm);
  let [rhoRe, rhoIm] = dotU(rRe, rIm, rRe, rIm);
  let iterations = 0;
  let breakdown = false;
  while (residual >= options.tolerance && iterations < options.maxIterations) {
    yield { x: { re: pRe, im: pIm }, y: q };
    const [muRe, muIm] = dotU(pRe, pIm, qRe, qIm);
    const muAbs2 = muRe * muRe + muIm * muIm;
    if (muAbs2 === 0 || !Number.isFinite(muAbs2)) {
      breakdown = true;
      break;
    }
    // step = ρ/μ
    const sRe = (rhoRe * muRe + rhoIm * muIm) / muAbs2;
    const sIm = (rhoIm * muRe - rhoRe * muIm) / muAbs2;
    for (let i = 0; i < n; i++) {
      const pr = pRe[i] as number;
      const pi = pIm[i] as number;
      xRe[i] = (xRe[i] as number) + sRe * pr - sIm * pi;
      xIm[i] = (xIm[i] as number) + sRe * pi + sIm * pr;
      const qr = qRe[i] as number;
      const qi = qIm[i] as number;
      rRe[i] = (rRe[i] as number) - (sRe * qr - sIm * qi);
      rIm[i] = (rIm[i] as number) - (sRe * qi + sIm * qr);
    }
    iterations++;
    residual = norm(rRe, rIm) / bNorm;
    options.onIteration?.(iterations, residual);
    const [newRe, newIm] = dotU(rRe, rIm, rRe, rIm);
    const rhoAbs2 = rhoRe * rhoRe + rhoIm * rhoIm;
    if (rhoAbs2 === 0) {
      breakdown = residual >= options.tolerance;
      break;
    }
    const betaRe = (newRe * rhoRe + newIm * rhoIm) / rhoAbs2;
    const betaIm = (newIm * rhoRe - newRe * rhoIm) / rhoAbs2;
    for (let i = 0; i < n; i++) {
      const pr = pRe[i] as number;
      const pi = pIm[i] as number;
      pRe[i] = (rRe[i] as number) + betaRe * pr - betaIm * pi;
      pIm[i] = (rIm[i] as number) + betaRe * pi + betaIm * pr;
    }
    rhoRe = newRe;
    rhoIm = newIm;
  }
  return { x: { re: xRe, im: xIm }, iterations, relativeResidual: residual, converged: residual < options.tolerance, breakdown };
}
