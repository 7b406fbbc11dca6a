/** The wavelengths and angles a layer_stack problem asks for, as plain arrays. */
import type { LayerStackProblem } from './problem.ts';

export function linspace(start: number, stop: number, count: number): number[] {
  if (count === 1) return [start];
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push(i === count - 1 ? stop : start + ((stop - start) * i) / (count - 1));
  return out;
}

export function problemWavelengths(p: LayerStackProblem): number[] {
  if (p.wavelength_nm !== undefined) return [p.wavelength_nm];
  if (p.wavelengths_nm !== undefined) return p.wavelengths_nm.slice();
  const r = p.wavelength_range_nm;
  if (r === undefined) throw new Error('layer_stack problem without wavelengths (the schema should have refused it)');
  return linspace(r.start, r.stop, r.count);
}

/** Angles in degrees; normal incidence when the problem gives none. */
export function problemAngles(p: LayerStackProblem): number[] {
  if (p.angle_deg !== undefined) return [p.angle_deg];
  if (p.angles_deg !== undefined) return p.angles_deg.slice();
  const r = p.angle_range_deg;
  return r === undefined ? [0] : linspace(r.start, r.stop, r.count);
}
