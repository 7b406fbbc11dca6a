/**
 * The educators' gallery, as data (the page draws it): for every trap, pushback and warning task,
 * the careless setup and its numbers beside the careful one and its numbers, and the checks that
 * separate them, in the graders' own words. Both sides are graded exactly as an agent would be:
 * the naive side solves the naive problem and reports its numbers without concerns, the reference
 * side estimates where needed, solves the reference problem and passes the reference concerns on.
 */
import type { SubmittedAnswer } from './environment.ts';
import { extractValue } from './extract.ts';
import { gradeTask, summarise, type CheckResult, type GradedCall } from './graders.ts';
import type { PhotonicsTask } from './task-schema.ts';

export interface GallerySide {
  readonly problem: unknown;
  /** The solve's result (null when the side does not solve, or the solve was refused). */
  readonly result: unknown;
  /** The refusal, when the solver refused the problem. */
  readonly error: string | null;
  readonly values: Readonly<Record<string, number>>;
  readonly pass: boolean;
  readonly checks: readonly CheckResult[];
}

export interface GalleryEntry {
  readonly task_id: string;
  readonly title: string;
  readonly category: PhotonicsTask['category'];
  readonly kind: PhotonicsTask['kind'];
  readonly prompt: string;
  readonly explanation: string;
  readonly naive: GallerySide;
  readonly reference: GallerySide;
  /** Required checks the naive side fails and the reference side passes, with the naive side's reason. */
  readonly separating: readonly { readonly name: string; readonly reason: string }[];
}

function side(task: PhotonicsTask, problem: unknown, solve: (p: unknown) => unknown, o: { naive: boolean }): GallerySide {
  let result: unknown = null;
  let error: string | null = null;
  const calls: GradedCall[] = [];
  if (problem !== null) {
    if (!o.naive && task.grid) calls.push({ name: 'estimate', arguments: { problem }, arguments_text: '', error: null, result: null });
    try {
      result = solve(problem);
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    calls.push({ name: 'solve', arguments: { problem }, arguments_text: '', error, result });
  }
  const values: Record<string, number> = {};
  const declined = !o.naive && task.category === 'pushback';
  if (result !== null && !declined) {
    for (const k of task.answer_keys) {
      try {
        values[k.key] = extractValue(o.naive ? (k.naive_extract ?? k.extract) : k.extract, { problem, result });
      } catch {
        // not readable from this result
      }
    }
  }
  const answer: SubmittedAnswer = { values, declined, concerns: o.naive ? [] : [...task.reference_concerns], summary: '' };
  const checks = gradeTask(task, calls, answer);
  return { problem, result, error, values, pass: summarise(checks).pass, checks };
}

/** Gallery entries for the trap, pushback and warning tasks, in bank order. */
export function galleryEntries(tasks: readonly PhotonicsTask[], solve: (problem: unknown) => unknown): GalleryEntry[] {
  return tasks
    .filter((t) => t.category !== 'standard')
    .map((t) => {
      const naive = side(t, t.naive_problem, solve, { naive: true });
      const reference = side(t, t.reference_problem, solve, { naive: false });
      const separating = naive.checks
        .filter((c) => c.required && !c.passed && reference.checks.find((r) => r.name === c.name)?.passed === true)
        .map((c) => ({ name: c.name, reason: c.reason }));
      return { task_id: t.task_id, title: t.title, category: t.category, kind: t.kind, prompt: t.prompt, explanation: t.explanation, naive, reference, separating };
    });
}
