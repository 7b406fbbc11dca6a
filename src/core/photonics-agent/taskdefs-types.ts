/**
 * The shape of a task definition before the generator has computed its reference values: the
 * task file minus `targets`, with each answer key's tolerance beside it (taskdefs/*.ts).
 */
import type { AnswerKey, Category, PhotonicsTask, SpecCheck, TaskKind, Tolerance } from './task-schema.ts';

export interface KeyDef extends AnswerKey {
  readonly tolerance: Tolerance;
}

export interface TaskDef {
  readonly task_id: string;
  readonly kind: TaskKind;
  readonly category: Category;
  readonly title: string;
  readonly prompt: string;
  readonly keys: readonly KeyDef[];
  readonly explanation: string;
  readonly reference_problem: unknown;
  /** Defaults to the reference problem (standard tasks: a careless agent solves the same thing). */
  readonly naive_problem?: unknown;
  readonly checks?: readonly SpecCheck[];
  readonly mentions?: readonly string[];
  readonly reference_concerns?: readonly string[];
  readonly optimization?: PhotonicsTask['optimization'];
}

export const lit = (n: number, k = 0): { n: number; k: number } => ({ n, k });
export const tol = (abs: number, rel = 0): Tolerance => ({ abs, rel });
