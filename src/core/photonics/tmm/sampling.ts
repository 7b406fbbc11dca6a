/** The wavelengths and angles a layer_stack problem asks for, as plain arrays. */
import { linspace, wavelengthGrid } from '../wavelengths.ts';
import type { LayerStackProblem } from './problem.ts';

export { linspace } from '../wavelengths.ts';

/** Vacuum wavelengths in nm, in the order given. */
export function problemWavelengths(p: LayerStackProblem): number[] {
  return wavelengthGrid(p);
}

/** Angles in degrees; normal incidence when the problem gives none. */
export function problemAngles(p: LayerStackProblem): number[] {
  if (p.angle_deg !== undefined) return [p.angle_deg];
  if (p.angles_deg !== undefined) return p.angles_deg.slice();
  const r = p.angle_range_deg;
  return r === undefined ? [0] : linspace(r.start, r.stop, r.count);
}
