/**
 * Which tasks an interrupted run still has to do, and whether it can be continued at all. A run is
 * resumed only with exactly what it started with — the same suite and bank (hash), the same task
 * ids in the same order, the same agent — because anything else would mix two different experiments in one
 * result. The answer is either the full task list plus the committed tasks to skip, or a reason.
 */
import type { TranscriptCore } from '../run/transcript-core.ts';
import type { StoredRunSummary } from './run-store.ts';

export interface ResumeInput<Task extends { task_id: string }, Row extends { task_id: string }, T extends TranscriptCore> {
  summary: StoredRunSummary;
  /** The run's committed rows (readRows) and transcripts (readTranscripts), both in task_index order. */
  committed: readonly { task_index: number; row: Row }[];
  transcripts: readonly T[];
  /** The bank this page loaded, and its hash. */
  bankTasks: readonly Task[];
  bankHash: string;
  /** The suite the caller loaded the bank of (checked against the recipe's suite when given). */
  suiteId?: string;
  /** Why the run's agent cannot run here now (an LLM run whose key is missing…), or null. */
  agentProblem: string | null;
}

export type ResumePlan<Task = { task_id: string }, Row = { task_id: string }, T = TranscriptCore> =
  | {
      ok: true;
      /** Every task of the run, in run order (the engine's task_index is the position here). */
      tasks: Task[];
      /** The committed tasks by index: skipped, and kept in the result as they are. */
      finished: Map<number, { row: Row; transcript: T }>;
      remaining: number;
    }
  | { ok: false; reason: string };

export function planResume<Task extends { task_id: string }, Row extends { task_id: string }, T extends TranscriptCore>(input: ResumeInput<Task, Row, T>): ResumePlan<Task, Row, T> {
  const { summary } = input;
  const recipe = summary.recipe;
  if (summary.status !== 'interrupted') return { ok: false, reason: `This run is ${summary.status}; only an interrupted run can be resumed.` };
  if (!recipe) return { ok: false, reason: 'This run has no recipe (an imported file), so it cannot be resumed here.' };
  if (input.suiteId !== undefined && recipe.suite !== input.suiteId) return { ok: false, reason: `This run belongs to suite "${recipe.suite}", not "${input.suiteId}".` };
  if (recipe.bank_hash !== input.bankHash) {
    return { ok: false, reason: `The task bank changed since this run started (bank ${recipe.bank_hash.slice(0, 12)}… then, ${input.bankHash.slice(0, 12)}… now), so its remaining tasks would not be the same tasks. Start a new run instead.` };
  }
  if (input.agentProblem !== null) return { ok: false, reason: input.agentProblem };

  const byId = new Map(input.bankTasks.map((t) => [t.task_id, t]));
  const tasks: Task[] = [];
  for (const id of recipe.task_ids) {
    const task = byId.get(id);
    if (!task) return { ok: false, reason: `Task ${id} of this run is not in the loaded bank. Start a new run instead.` };
    tasks.push(task);
  }

  const transcriptsByIndex = new Map(input.transcripts.map((t) => [t.settings.task_index, t]));
  const finished = new Map<number, { row: Row; transcript: T }>();
  for (const { task_index, row } of input.committed) {
    const expected = recipe.task_ids[task_index];
    const transcript = transcriptsByIndex.get(task_index);
    // A stored task that is not the recipe's task at that position means the record is inconsistent.
    if (expected === undefined || row.task_id !== expected || transcript?.task.task_id !== expected) {
      return { ok: false, reason: `Stored task ${task_index} (${row.task_id}) does not match the run's task list; the run cannot be continued safely.` };
    }
    finished.set(task_index, { row, transcript });
  }
  return { ok: true, tasks, finished, remaining: tasks.length - finished.size };
}
