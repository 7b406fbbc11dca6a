/**
 * Which problems Solve estimates before it runs: the grid solvers (RCWA, plane waves, DDA, EME and
 * the finite-difference channel mode solver), whose cost grows fast with resolution. Closed-form
 * kinds (Mie, thin films, slab modes, circuits) solve at once.
 */
const GRID_KINDS = new Set(['grating', 'grating_2d', 'bands', 'dda', 'eme', 'inverse_design']);

export function estimatesFirst(problem: unknown): boolean {
  if (typeof problem !== 'object' || problem === null) return false;
  const p = problem as { kind?: unknown; structure?: unknown };
  if (typeof p.kind !== 'string') return false;
  if (GRID_KINDS.has(p.kind)) return true;
  if (p.kind !== 'mode' || typeof p.structure !== 'object' || p.structure === null) return false;
  return (p.structure as { type?: unknown }).type === 'channel';
}

/** Seconds above which Solve asks first: a grid solve this long deserves a look at its cost. */
export const CONFIRM_ABOVE_SECONDS = 3;

/**
 * What Solve does once the estimate is in: solve at once, wait for "Solve anyway" (a long solve), or
 * show why the solver will refuse it (estimate.refused, however short the estimate) with no Solve anyway.
 */
export function afterEstimate(estimate: { readonly expected_seconds: number; readonly refused?: string }): 'solve' | 'confirm' | 'refused' {
  if (estimate.refused !== undefined) return 'refused';
  return estimate.expected_seconds > CONFIRM_ABOVE_SECONDS ? 'confirm' : 'solve';
}
