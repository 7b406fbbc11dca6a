/**
 * Uniform random baseline, seeded from ctx.rng: P1 a uniform action, P2/P3 uniform designs in the
 * normalised (log) box of the bounds every turn, P4 a uniform permutation (the chance floor of
 * Table 16: E[τ] = 0, exact 1/120, top-1 1/5).
 */
import type { JsonObject } from '../../agent/parse-json.ts';
import type { BudgetedAgent } from '../protocol/budget.ts';
import { P1_ACTIONS } from '../task-schema.ts';
import { DesignSpace } from './design-space.ts';
import { boundsOf, candidateIdsOf, isFinalSelection } from './payload.ts';
import { scriptedAgent } from './scripted.ts';

export const randomAgent: BudgetedAgent = scriptedAgent({
  id: 'random',
  label: 'Uniform random',
  description:
    'P1: uniform random action. P2/P3: a uniform random design in the log-scaled variable bounds every turn. P4: a uniform random permutation. Seeded per task from the run seed.',
  privileged: false,
  strategy: (ctx) => {
    const u = (): number => ctx.rng.next();
    let space: DesignSpace | null = null;
    return (v): JsonObject => {
      switch (v.probe) {
        case 'P1':
          return { action: P1_ACTIONS[Math.floor(u() * P1_ACTIONS.length)], reason: 'random', missing_fields: [] };
        case 'P2':
        case 'P3': {
          if (isFinalSelection(v.latest)) return { action: 'stop', reason: 'random' };
          space ??= new DesignSpace(boundsOf(v.opening));
          return { action: v.probe === 'P2' ? 'continue' : 'propose_design', design: space.sample(u), reason: 'random design' };
        }
        case 'P4': {
          const ids = candidateIdsOf(v.opening);
          for (let i = ids.length - 1; i > 0; i--) {
            const j = Math.floor(u() * (i + 1));
            [ids[i], ids[j]] = [ids[j] as string, ids[i] as string];
          }
          return { ranking: ids, reason: 'random order' };
        }
      }
    };
  },
});
