/**
 * The built-in design agents, each played through the same tool loop as a model:
 *  - `reference` (privileged): submits the task's reference source — the expert design, or the
 *    published device of a Reimplementation — after one probe. It calibrates the harness: every
 *    gate green, S ≥ 0.5 on Design tasks, S = 0.5 on Reimplementations.
 *  - `starter`: submits the starter source unchanged, without probing: what doing nothing scores.
 *  - `random-search`: varies the starter's numbers at random (each ×U[0.5, 1.5), from the episode's
 *    seeded RNG), spends the whole probe budget on those variants, and submits the best one found
 *    (the starter itself when no variant is valid).
 */
import type { Agent } from '../../agent/types.ts';
import { scriptedToolAgent, type Script } from '../../llm/scripted-client.ts';
import type { Rng } from '../../stats/rng.ts';
import { RecordedVerdictSchema } from '../rows.ts';
import { DesignTaskSchema, type DesignTask } from '../task-schema.ts';
import { numericLiterals, withLiterals } from './template.ts';

const parse = (raw: unknown): DesignTask => DesignTaskSchema.parse(raw);
const done: Script = () => ({ text: 'Design submitted.', calls: [] });

function submitOnly(source: string, probeFirst: boolean): Script {
  return (turn, replies) => {
    if (turn === 0) return probeFirst ? { text: 'Checking the design with the evaluator.', calls: [{ name: 'probe', arguments: { source } }] } : { calls: [{ name: 'submit', arguments: { source } }] };
    if (turn === 1 && probeFirst) return { calls: [{ name: 'submit', arguments: { source } }] };
    return done(turn, replies);
  };
}

/** Probes per turn: a batch, so a 40-probe budget needs a handful of model turns. */
const BATCH = 8;

export function randomVariants(task: DesignTask, rng: Rng, count: number): string[] {
  const literals = numericLiterals(task.starter_source);
  return Array.from({ length: count }, () => withLiterals(task.starter_source, literals, literals.map((l) => l.value * (0.5 + rng.next()))));
}

function randomSearch(task: DesignTask, rng: Rng): Script {
  const variants = randomVariants(task, rng, task.probe_budget);
  const batches = Math.ceil(variants.length / BATCH);
  return (turn, replies) => {
    if (turn < batches) return { text: `Probing variants ${turn * BATCH + 1}–${Math.min(variants.length, (turn + 1) * BATCH)} of the starter template.`, calls: variants.slice(turn * BATCH, (turn + 1) * BATCH).map((source) => ({ name: 'probe', arguments: { source } })) };
    if (turn === batches) {
      let best = { S: 0, source: task.starter_source };
      replies.forEach((r, i) => {
        const v = RecordedVerdictSchema.safeParse(r.result);
        if (r.name === 'probe' && v.success && v.data.S > best.S) best = { S: v.data.S, source: variants[i] as string };
      });
      return { text: best.S > 0 ? `Submitting the best variant (S = ${best.S.toFixed(4)}).` : 'No variant was valid; submitting the starter.', calls: [{ name: 'submit', arguments: { source: best.source } }] };
    }
    return done(turn, replies);
  };
}

export const referenceDesignAgent: Agent = scriptedToolAgent(
  { id: 'reference', label: 'Reference design', description: 'Submits each task’s reference source (the expert design, or the published device of a Reimplementation) after one probe. Calibrates the harness.', privileged: true },
  parse,
  (task) => submitOnly(task.reference_source, true),
);

export const starterDesignAgent: Agent = scriptedToolAgent(
  { id: 'starter', label: 'Starter (unchanged)', description: 'Submits the starter source unchanged, without probing: what doing nothing scores.', privileged: false },
  parse,
  (task) => submitOnly(task.starter_source, false),
);

export const randomSearchDesignAgent: Agent = scriptedToolAgent(
  { id: 'random-search', label: 'Random search in the starter template', description: 'Varies every number of the starter source by a random factor in [0.5, 1.5), spends the whole probe budget on the variants, and submits the best one.', privileged: false },
  parse,
  (task, ctx) => randomSearch(task, ctx.rng),
);

export const DESIGN_AGENTS: readonly Agent[] = [referenceDesignAgent, starterDesignAgent, randomSearchDesignAgent];
