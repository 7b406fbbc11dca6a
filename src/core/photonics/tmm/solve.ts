/**
 * solveLayerStack: a validated layer_stack problem → JSON result. Resolves every material at every
 * wavelength through ctx.materials, orients the stack so the light always enters from medium 0 (the
 * kernels' convention), runs ctx.kernels.tmm (WASM) or the TypeScript reference, and reshapes the
 * flat output into [wavelength][angle] arrays in the problem's own layer order.
 */
import type { Complex } from '../complex.ts';
import { MaterialError, type MaterialSpec, type ResolvedSpectrum } from '../material-spec.ts';
import { resolveSpectrum } from '../materials/spectrum.ts';
import { ProblemError, type SolveContext } from '../solve-context.ts';
import { LAYER_STACK_CONVENTIONS } from './conventions.ts';
import type { TmmBatch, TmmKernel, TmmPolarization } from './kernel.ts';
import { OUT_R, OUT_R_IM, OUT_R_RE, OUT_T, OUT_T_IM, OUT_T_RE, POINT_HEADER, pointStride } from './layout.ts';
import type { LayerStackProblem } from './problem.ts';
import { referenceTmmKernel } from './reference.ts';
import { problemAngles, problemWavelengths } from './sampling.ts';
import { layerWarnings } from './stack-warnings.ts';

/** Absorption in one layer of the problem (problem order, 0-based index). */
export interface LayerAbsorption {
  readonly index: number;
  readonly name: string;
  readonly thickness_nm: number;
  readonly coherent: boolean;
  /** [wavelength][angle], fraction of the incident power. */
  readonly A: number[][];
}

export interface LayerStackResult {
  readonly kind: 'layer_stack';
  readonly wavelengths_nm: number[];
  readonly angles_deg: number[];
  readonly polarization: 's' | 'p' | 'unpolarized';
  readonly incidence: 'front' | 'back';
  /** [wavelength][angle]. */
  readonly R: number[][];
  readonly T: number[][];
  /** Total absorbed in the layers, [wavelength][angle]; R + T + A = 1. */
  readonly A: number[][];
  readonly absorption_per_layer: LayerAbsorption[];
  /** Complex field amplitudes [wavelength][angle], only for s or p light and an all-coherent stack. */
  readonly amplitudes?: { readonly r: Complex[][]; readonly t: Complex[][] };
  readonly warnings: string[];
  readonly conventions: typeof LAYER_STACK_CONVENTIONS;
  readonly backend: string;
}

/** A source medium this weakly absorbing is treated as lossless, with a warning. */
const NEGLIGIBLE_SOURCE_K = 1e-3;

interface OrientedMedium {
  readonly spec: MaterialSpec;
  readonly label: string;
}

export function solveLayerStack(problem: LayerStackProblem, ctx: SolveContext): LayerStackResult {
  const wavelengths = problemWavelengths(problem);
  const angles = problemAngles(problem);
  const back = problem.incidence === 'back';
  const m = problem.layers.length;
  const names = problem.layers.map((l, i) => l.name ?? `layer ${i + 1}`);

  // Kernel order: source medium, layers as the light meets them, far medium.
  const order = problem.layers.map((_, i) => (back ? m - 1 - i : i));
  const sourceName = back ? 'exit_medium' : 'incident_medium';
  const media: OrientedMedium[] = [
    { spec: back ? problem.exit_medium : problem.incident_medium, label: sourceName },
    ...order.map((i) => ({ spec: (problem.layers[i] as { material: MaterialSpec }).material, label: names[i] as string })),
    { spec: back ? problem.incident_medium : problem.exit_medium, label: back ? 'incident_medium' : 'exit_medium' },
  ];

  const warnings = new Set<string>();
  const W = wavelengths.length;
  const indices = new Float64Array(W * (m + 2) * 2);
  const allowGain = problem.allow_gain === true;
  let gain = false;
  let droppedSourceK = 0;
  // Stacks repeat materials (a Bragg mirror has two): resolve each distinct spec once, over the whole
  // spectrum, so the library words a range problem once with a count instead of once per wavelength.
  const keys = media.map((medium) => JSON.stringify(medium.spec));
  const spectra = new Map<string, ResolvedSpectrum>();
  media.forEach((medium, i) => {
    const key = keys[i] as string;
    if (!spectra.has(key)) spectra.set(key, resolveAll(ctx, medium, wavelengths, allowGain, warnings));
  });
  wavelengths.forEach((lambda, w) => {
    media.forEach((medium, i) => {
      const spectrum = spectra.get(keys[i] as string) as ResolvedSpectrum;
      const nk = { n: spectrum.n[w] as number, k: spectrum.k[w] as number };
      let { k } = nk;
      if (i === 0 && k !== 0) {
        refuseAbsorbingSource(nk, medium, lambda);
        droppedSourceK = Math.max(droppedSourceK, Math.abs(k));
        k = 0;
      }
      if (i === 0 && !(nk.n > 0)) throw new ProblemError(`${medium.label} (where the light comes from) needs a positive real index n; got n = ${nk.n} at ${lambda} nm`);
      if (nk.n === 0 && k === 0) throw new ProblemError(`${medium.label} has N = 0 at ${lambda} nm; a refractive index cannot vanish`);
      if (k < 0) gain = true;
      indices[(w * (m + 2) + i) * 2] = nk.n;
      indices[(w * (m + 2) + i) * 2 + 1] = k;
    });
  });

  const wMin = Math.min(...wavelengths);
  const wMax = Math.max(...wavelengths);
  problem.layers.forEach((layer, i) => {
    const kernelIndex = order.indexOf(i) + 1;
    const wShort = wavelengths.indexOf(wMin);
    const n = indices[(wShort * (m + 2) + kernelIndex) * 2] as number;
    for (const text of layerWarnings({ label: names[i] as string, thickness_nm: layer.thickness_nm, coherent: layer.coherent, n }, wMin, wMax)) warnings.add(text);
  });
  if (droppedSourceK > 0) {
    warnings.add(
      `${media[0]?.label} is where the light comes from; its small extinction (k up to ${droppedSourceK}) was set to 0, because incident power is ` +
        'undefined in an absorbing semi-infinite medium. If its absorption matters, add it as an incoherent layer between lossless media.',
    );
  }
  if (gain) {
    warnings.add('The stack contains gain (k < 0): R + T may exceed 1 and absorption may be negative (amplification).');
  }

  const kernel: TmmKernel = ctx.kernels?.tmm ?? referenceTmmKernel;
  const base = {
    layerCount: m,
    wavelengthCount: W,
    angleCount: angles.length,
    wavelengths_nm: Float64Array.from(wavelengths),
    indices,
    thicknesses_nm: Float64Array.from(order, (i) => (problem.layers[i] as { thickness_nm: number }).thickness_nm),
    coherent: Uint8Array.from(order, (i) => ((problem.layers[i] as { coherent: boolean }).coherent ? 1 : 0)),
    angles_rad: Float64Array.from(angles, (deg) => (deg * Math.PI) / 180),
  };
  const run = (polarization: TmmPolarization): Float64Array => {
    const batch: TmmBatch = { ...base, polarization };
    const out = new Float64Array(W * angles.length * pointStride(m));
    kernel.solve(batch, out);
    return out;
  };
  const outs = problem.polarization === 'unpolarized' ? [run('s'), run('p')] : [run(problem.polarization)];

  // Unpolarized light is the mean of the s and p powers (the amplitudes are not averaged; they are not reported).
  const flat = outs.length === 1 ? (outs[0] as Float64Array) : (outs[0] as Float64Array).map((v, i) => (v + ((outs[1] as Float64Array)[i] as number)) / 2);
  const stride = pointStride(m);
  const A = angles.length;
  const grid = <V>(field: (o: number) => V): V[][] => {
    const rows: V[][] = [];
    for (let w = 0; w < W; w++) {
      const row: V[] = new Array<V>(A);
      for (let a = 0; a < A; a++) row[a] = field((w * A + a) * stride);
      rows.push(row);
    }
    return rows;
  };
  const at = (offset: number) => (o: number) => flat[o + offset] as number;

  const R = grid(at(OUT_R));
  const T = grid(at(OUT_T));
  const absorption_per_layer: LayerAbsorption[] = problem.layers.map((layer, i) => ({
    index: i,
    name: names[i] as string,
    thickness_nm: layer.thickness_nm,
    coherent: layer.coherent,
    A: grid(at(POINT_HEADER + order.indexOf(i))),
  }));
  const Atotal = grid((o) => {
    let s = 0;
    for (let j = 0; j < m; j++) s += flat[o + POINT_HEADER + j] as number;
    return s;
  });
  for (const row of [R, T, Atotal]) {
    if (row.some((r) => r.some((v) => !Number.isFinite(v)))) {
      throw new ProblemError(
        gain
          ? 'the solve produced non-finite powers: with gain (k < 0) a round trip in an incoherent layer can amplify without bound (lasing); no steady state exists'
          : 'the solve produced non-finite powers; please report this problem',
      );
    }
  }

  const coherent = problem.layers.every((l) => l.coherent);
  const amplitude = (re: number, im: number) => (o: number) => ({ re: flat[o + re] as number, im: flat[o + im] as number });
  const amplitudes =
    problem.polarization !== 'unpolarized' && coherent
      ? { r: grid(amplitude(OUT_R_RE, OUT_R_IM)), t: grid(amplitude(OUT_T_RE, OUT_T_IM)) }
      : undefined;

  return {
    kind: 'layer_stack',
    wavelengths_nm: wavelengths,
    angles_deg: angles,
    polarization: problem.polarization,
    incidence: problem.incidence,
    R,
    T,
    A: Atotal,
    absorption_per_layer,
    ...(amplitudes ? { amplitudes } : {}),
    warnings: [...warnings],
    conventions: LAYER_STACK_CONVENTIONS,
    backend: kernel.id,
  };
}

function resolveAll(ctx: SolveContext, medium: OrientedMedium, wavelengths: readonly number[], allowGain: boolean, warnings: Set<string>): ResolvedSpectrum {
  try {
    const r = resolveSpectrum(ctx.materials, medium.spec, wavelengths, { allowGain });
    for (const w of r.warnings) warnings.add(w);
    return r;
  } catch (e) {
    if (e instanceof MaterialError) throw new MaterialError(`${medium.label}: ${e.message}`);
    throw e;
  }
}

/** The source medium must be lossless; negligible k (a tabulated glass) is dropped (with one warning), more is refused. */
function refuseAbsorbingSource(nk: { n: number; k: number }, medium: OrientedMedium, lambda: number): void {
  if (Math.abs(nk.k) <= NEGLIGIBLE_SOURCE_K) return;
  throw new ProblemError(
    `${medium.label} is where the light comes from and must be non-absorbing, but k = ${nk.k} at ${lambda} nm: incident power is undefined in an ` +
      'absorbing semi-infinite medium. Put the absorbing material in a layer (coherent: false for a thick one) with a lossless medium in front.',
  );
}
