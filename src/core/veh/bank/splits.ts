/**
 * Split policy. P2–P4 are source-disjoint: anchors are grouped into split units (groups that share
 * a source document) and a unit feeds either dev/test_id or test_ood, never both. A unit is
 * in-domain when at least one of its anchors reports a complete design vector in its source (the
 * dataset's own design_complete flag); the rest — datasheet families and papers whose thickness
 * split had to be assumed or solved — are held out for test_ood. P1 is a matched stage over 20
 * anchor contexts used by every split (20/19/19 contexts, overlaps 19/19/18), as the paper's
 * Table 9 describes, and is not source-disjoint.
 */
import { deriveSeed, createRng } from '../../stats/rng.ts';
import type { ProjectedAnchor } from './projection.ts';

export interface SplitPlan {
  inDomain: ProjectedAnchor[];
  heldOut: ProjectedAnchor[];
  /** The 20 (or fewer) P1 anchor contexts, and the contexts each P1 split uses. */
  p1Contexts: { dev: ProjectedAnchor[]; test_id: ProjectedAnchor[]; test_ood: ProjectedAnchor[] };
}

export const P1_CONTEXTS = 20;

export function planSplits(admitted: readonly ProjectedAnchor[], seed: number): SplitPlan {
  const sorted = admitted.slice().sort((a, b) => (a.id < b.id ? -1 : 1));
  const completeUnits = new Set(sorted.filter((a) => a.designComplete).map((a) => a.unit));
  const inDomain = sorted.filter((a) => completeUnits.has(a.unit));
  const heldOut = sorted.filter((a) => !completeUnits.has(a.unit));
  if (inDomain.length === 0 || heldOut.length === 0) throw new Error('split policy needs both in-domain and held-out source units');

  // P1 contexts: every in-domain anchor, then held-out anchors round-robin over their groups.
  const rng = createRng(deriveSeed(seed, 'p1-contexts'));
  const byGroup = new Map<string, ProjectedAnchor[]>();
  for (const a of rng.shuffle(heldOut)) byGroup.set(a.group, [...(byGroup.get(a.group) ?? []), a]);
  const groups = [...byGroup.keys()].sort();
  const contexts = inDomain.slice(0, P1_CONTEXTS);
  for (let round = 0; contexts.length < P1_CONTEXTS && round < heldOut.length; round++) {
    for (const g of groups) {
      const next = byGroup.get(g)?.[round];
      if (next && contexts.length < P1_CONTEXTS) contexts.push(next);
    }
  }
  const order = rng.shuffle(contexts);
  const n = order.length;
  return {
    inDomain,
    heldOut,
    p1Contexts: {
      dev: order,
      test_id: n > 2 ? order.filter((_, i) => i !== n - 2) : order,
      test_ood: n > 2 ? order.filter((_, i) => i !== n - 1) : order,
    },
  };
}
