/**
 * Uniform-random circuit baseline: P1 a random action, P2/P3 a log-uniform random design inside the
 * bounds every turn (component values span decades), P4 a uniformly random permutation. Seeded from
 * the episode RNG, so a run is reproducible from its seed.
 */
import { exp, log } from '../../math/det-math.ts';
import type { JsonObject } from '../../agent/parse-json.ts';
import type { Agent, Rng } from '../../agent/types.ts';
import { scriptedAgent } from '../../veh/agents/scripted.ts';
import { candidateIdsOf } from '../../veh/agents/payload.ts';
import { P1_ACTIONS } from '../metrics/rows.ts';

function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.min(items.length - 1, Math.floor(rng.next() * items.length))] as T;
}

function randomDesign(rng: Rng, opening: JsonObject): JsonObject {
  const bounds = opening.variable_bounds as Record<string, [number, number]>;
  const names = opening.design_variables as string[];
  const design: JsonObject = {};
  for (const name of names) {
    const [lo, hi] = bounds[name] ?? [1, 1];
    design[name] = lo > 0 && hi > lo ? lo * exp(rng.next() * log(hi / lo)) : lo + rng.next() * (hi - lo);
  }
  return design;
}

function shuffled(rng: Rng, ids: readonly string[]): string[] {
  const a = [...ids];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    [a[i], a[j]] = [a[j] as string, a[i] as string];
  }
  return a;
}

export const circuitRandomAgent: Agent = scriptedAgent({
  id: 'random',
  label: 'Uniform random',
  description: 'P1 a random action; P2/P3 a log-uniform random design inside the bounds every turn; P4 a random permutation. Seeded per task.',
  privileged: false,
  strategy: (ctx) => (v) => {
    switch (v.probe) {
      case 'P1':
        return { action: pick(ctx.rng, P1_ACTIONS), missing_fields: [], reason: 'random' };
      case 'P2':
        return { action: 'continue', design: randomDesign(ctx.rng, v.opening), reason: 'random' };
      case 'P3':
        return { action: 'propose_design', design: randomDesign(ctx.rng, v.opening), reason: 'random' };
      case 'P4':
        return { ranking: shuffled(ctx.rng, candidateIdsOf(v.opening)), reason: 'random' };
    }
  },
});
