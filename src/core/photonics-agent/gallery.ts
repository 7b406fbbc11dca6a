/**
 * The educators' gallery, as data (the page draws it): for every trap, pushback and warning task,
 * the careless setup and its numbers beside the careful one and its numbers, and the checks that
 * separate them, in the graders' own words. Both sides are graded exactly as an agent would be:
 * the naive side solves the naive problem and reports its numbers without concerns, the reference
 * side estimates where needed, solves the reference problem and passes the reference concerns on.
 *
 * What an entry solves is written once, as a generator that yields each problem and is handed back
 * its outcome; two drivers run it, one over a synchronous solve (Node, tests) and one over an
 * asynchronous one (the page's photonics worker), so the two never drift apart.
 */
import type { SubmittedAnswer } from './environment.ts';
import { extractValue } from './extract.ts';
import { sweepCandidates } from './gallery-sweep.ts';
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
  /**
   * For drawing only (gallery-sweep.ts): the same setup over a band of wavelengths, or with its mode
   * profile sampled, where the side's own problem is a single point; null when it needs none or none solved.
   */
  readonly sweep: { readonly problem: unknown; readonly result: unknown } | null;
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

/** A solve's outcome as the steps see it: the result, or the solver's refusal. */
export type SolveOutcome = { readonly result: unknown; readonly error: null } | { readonly result: null; readonly error: string };

/** The steps of one entry: yields problems to solve, receives their outcomes, returns the entry. */
type Steps<T> = Generator<unknown, T, SolveOutcome>;

const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

function* sideSteps(task: PhotonicsTask, problem: unknown, o: { naive: boolean }): Steps<GallerySide> {
  let result: unknown = null;
  let error: string | null = null;
  const calls: GradedCall[] = [];
  if (problem !== null) {
    if (!o.naive && task.grid) calls.push({ name: 'estimate', arguments: { problem }, arguments_text: '', error: null, result: null });
    const outcome = yield problem;
    result = outcome.result;
    error = outcome.error;
    calls.push({ name: 'solve', arguments: { problem }, arguments_text: '', error, result });
  }
  let sweep: GallerySide['sweep'] = null;
  if (error === null) {
    for (const candidate of sweepCandidates(problem)) {
      const outcome = yield candidate;
      if (outcome.error === null) {
        sweep = { problem: candidate, result: outcome.result };
        break;
      }
    }
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
  return { problem, result, error, values, pass: summarise(checks).pass, checks, sweep };
}

function* entrySteps(t: PhotonicsTask): Steps<GalleryEntry> {
  const naive = yield* sideSteps(t, t.naive_problem, { naive: true });
  const reference = yield* sideSteps(t, t.reference_problem, { naive: false });
  const separating = naive.checks
    .filter((c) => c.required && !c.passed && reference.checks.find((r) => r.name === c.name)?.passed === true)
    .map((c) => ({ name: c.name, reason: c.reason }));
  return { task_id: t.task_id, title: t.title, category: t.category, kind: t.kind, prompt: t.prompt, explanation: t.explanation, naive, reference, separating };
}

function runSync<T>(steps: Steps<T>, solve: (problem: unknown) => unknown): T {
  let next = steps.next();
  while (!next.done) {
    let outcome: SolveOutcome;
    try {
      outcome = { result: solve(next.value), error: null };
    } catch (e) {
      outcome = { result: null, error: errorText(e) };
    }
    next = steps.next(outcome);
  }
  return next.value;
}

async function runAsync<T>(steps: Steps<T>, solve: (problem: unknown) => Promise<unknown>): Promise<T> {
  let next = steps.next();
  while (!next.done) {
    let outcome: SolveOutcome;
    try {
      outcome = { result: await solve(next.value), error: null };
    } catch (e) {
      outcome = { result: null, error: errorText(e) };
    }
    next = steps.next(outcome);
  }
  return next.value;
}

/** The tasks the gallery shows: every trap, pushback and warning, in bank order. */
export function galleryTasks<T extends Pick<PhotonicsTask, 'category'>>(tasks: readonly T[]): T[] {
  return tasks.filter((t) => t.category !== 'standard');
}

/** Gallery entries for the trap, pushback and warning tasks, in bank order. */
export function galleryEntries(tasks: readonly PhotonicsTask[], solve: (problem: unknown) => unknown): GalleryEntry[] {
  return galleryTasks(tasks).map((t) => runSync(entrySteps(t), solve));
}

/** One task's entry over an asynchronous solve (the page: its photonics worker), one solve at a time. */
export function galleryEntryAsync(task: PhotonicsTask, solve: (problem: unknown) => Promise<unknown>): Promise<GalleryEntry> {
  return runAsync(entrySteps(task), solve);
}

/** The async twin of galleryEntries: the same entries, solved one after another through `solve`. */
export async function galleryEntriesAsync(tasks: readonly PhotonicsTask[], solve: (problem: unknown) => Promise<unknown>): Promise<GalleryEntry[]> {
  const entries: GalleryEntry[] = [];
  for (const t of galleryTasks(tasks)) entries.push(await galleryEntryAsync(t, solve));
  return entries;
}
