/**
 * Moving a design along its family's target curve (snap.ts) by scaling its resistance: R for the
 * filters, R1 with the divider ratio kept (so R1 + R2 scales). Lowering it raises the source current;
 * raising it worsens the tolerance shift (rc, rl, divider) or the Q (rlc, where L and C stay put).
 */
import { FAMILY_VARIABLES, type CircuitConstraintName, type CircuitDesign } from '../oracle.ts';
import { designOf, evaluateIn, relativeSlack, type CircuitSpace } from './common.ts';
import { snapValues } from './snap.ts';

/** The design whose resistance is `m` times the reference's, back on the target curve (rlc: R only). */
export function alongPath(space: CircuitSpace, ref: CircuitDesign, m: number): CircuitDesign {
  const vars = FAMILY_VARIABLES[space.family];
  if (space.family === 'rlc_bandpass') return { ...ref, r_ohm: (ref.r_ohm as number) * m };
  const first = ref[vars[0]] as number;
  return designOf(space.family, snapValues(space.family, space.context, [first * m], 1));
}

/**
 * The path scale m (m < 1 when `below`, else m > 1) at which `name`'s relative slack equals `target`
 * (bisection on log m within 3 decades); null when the path never gets there.
 */
export function pathScaleAt(space: CircuitSpace, ref: CircuitDesign, name: CircuitConstraintName, target: number, below: boolean): number | null {
  const slackAt = (lm: number): number => relativeSlack(evaluateIn(space, alongPath(space, ref, Math.exp(lm))), space.limits, name);
  let near = 0;
  let far = below ? -Math.log(1000) : Math.log(1000);
  if (!(slackAt(far) <= target)) return null;
  if (slackAt(near) <= target) return 1;
  for (let i = 0; i < 60; i++) {
    const mid = (near + far) / 2;
    if (slackAt(mid) <= target) far = mid;
    else near = mid;
  }
  return Math.exp(far);
}
