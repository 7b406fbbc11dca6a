/**
 * The built-in agents. `oracle` (privileged) plays the hidden reference problem: an estimate first
 * where the task needs a grid solver, one solve, the values read with the task's own extractors,
 * and the reference concerns passed on (declining where the request is unphysical). `naive` plays
 * the careless setup: the naive problem solved at once, its numbers reported, no concerns. Both run
 * through the same tool loop and tools as a model.
 */
import type { Agent } from '../../agent/types.ts';
import { extractValue } from '../extract.ts';
import type { PhotonicsTask } from '../task-schema.ts';
import { scriptedToolAgent, type Script, type ScriptStep } from '../../llm/scripted-client.ts';
import { PhotonicsTaskSchema } from '../task-schema.ts';

type Reading = 'reference' | 'naive';

/** The values a solve of `problem` gives for every answer key (keys that cannot be read are left out). */
function readValues(task: PhotonicsTask, problem: unknown, result: unknown, reading: Reading): Record<string, number> {
  const values: Record<string, number> = {};
  for (const k of task.answer_keys) {
    try {
      values[k.key] = extractValue(reading === 'naive' ? (k.naive_extract ?? k.extract) : k.extract, { problem, result });
    } catch {
      // a key the result does not hold is simply not reported
    }
  }
  return values;
}

const toolFor = (problem: unknown): string => ((problem as { kind?: unknown } | null)?.kind === 'inverse_design' ? 'optimize' : 'solve');

/** estimate? → solve → submit_answer → a closing sentence. */
export function playProblem(task: PhotonicsTask, problem: unknown, o: { estimate: boolean; reading: Reading; declined: boolean; concerns: readonly string[] }): Script {
  return (turn, replies): ScriptStep => {
    if (turn === 0) {
      if (problem === null) return { calls: [{ name: 'submit_answer', arguments: { values: {}, declined: o.declined, concerns: [...o.concerns], summary: o.concerns[0] ?? 'declined' } }] };
      return { text: 'Setting up the simulation.', calls: [...(o.estimate ? [{ name: 'estimate', arguments: { problem } }] : []), { name: toolFor(problem), arguments: { problem } }] };
    }
    if (turn === 1 && problem !== null) {
      const solved = replies.at(-1);
      const values = o.declined || solved?.result === undefined ? {} : readValues(task, problem, solved.result, o.reading);
      const summary = o.declined ? (o.concerns[0] ?? 'declined') : Object.entries(values).map(([k, v]) => `${k} = ${v}`).join(', ');
      return { calls: [{ name: 'submit_answer', arguments: { values, declined: o.declined, concerns: [...o.concerns], summary } }] };
    }
    return { text: 'Answer submitted.', calls: [] };
  };
}

export const oracleAgent: Agent = scriptedToolAgent(
  { id: 'oracle', label: 'Oracle (reference setup)', description: 'Plays each task’s hidden reference problem: estimate where a grid solver runs, one solve, the reference concerns; declines unphysical requests. Calibrates the harness.', privileged: true },
  (raw) => PhotonicsTaskSchema.parse(raw),
  (task) => playProblem(task, task.reference_problem, { estimate: task.grid, reading: 'reference', declined: task.category === 'pushback', concerns: task.reference_concerns }),
);

export const naiveAgent: Agent = scriptedToolAgent(
  { id: 'naive', label: 'Naive (careless setup)', description: 'Solves each task’s naive problem at once, with no estimate, and reports its numbers without concerns: what falling into the trap looks like.', privileged: true },
  (raw) => PhotonicsTaskSchema.parse(raw),
  (task) => playProblem(task, task.naive_problem, { estimate: false, reading: 'naive', declined: false, concerns: [] }),
);

export const PHOTONICS_AGENTS: readonly Agent[] = [oracleAgent, naiveAgent];
