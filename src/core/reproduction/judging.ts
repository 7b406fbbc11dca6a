/**
 * Judging as an optional step after the submission (issue 19): the evaluator's verdict stays
 * deterministic (interpretive leaves not judged); when the environment offers a judge, the episode
 * asks it about each interpretive leaf and the transcript carries one record per leaf (request
 * hash, raw reply). Rows re-grade the verdict's rubric with those records — every grade recomputed
 * from the raw reply and the evidence, never read from the record — and verify re-derives each
 * judge request from the task and the recorded evidence and re-parses the recorded reply. The LLM
 * is not called again: what the judge answered is taken as recorded, what it was asked and what
 * its answer is worth are checked.
 */
import { z } from 'zod';
import type { ReproductionVerdict } from './evaluator.ts';
import { buildJudgeEvidence } from './judge-evidence.ts';
import { buildJudgeRequest, gradeOfExchange, interpretiveLeaves, JUDGE_PROTOCOL_VERSION, judgeLeaves, requestHash, type JudgeRecord, type JudgeTransport } from './judge.ts';
import type { PackageFile } from './replay.ts';
import { gradeRubric, type GradedNode, type LeafGrade, type RubricResult } from './rubric.ts';
import type { ReproductionTaskDefinition } from './task.ts';
import { reproductionTask } from './tasks/index.ts';

export const JudgeRecordSchema = z.strictObject({
  leaf_id: z.string(),
  request_sha256: z.string().regex(/^[0-9a-f]{64}$/),
  raw: z.string().nullable(),
  error: z.string().nullable(),
  score: z.number().min(0).max(1).nullable(),
  reason: z.string(),
});

export const JudgingSchema = z.strictObject({ protocol: z.string(), provider: z.string(), model: z.string(), records: z.array(JudgeRecordSchema) });
export type Judging = z.infer<typeof JudgingSchema>;

/** The judge's pass over a submitted package; null when the task has no interpretive leaf. */
export async function judgeSubmission(def: ReproductionTaskDefinition, verdict: ReproductionVerdict, files: readonly PackageFile[], transport: JudgeTransport, signal: AbortSignal): Promise<Judging | null> {
  if (interpretiveLeaves(def).length === 0) return null;
  const { records } = await judgeLeaves(def, { record: verdict, files }, transport, signal);
  return { protocol: JUDGE_PROTOCOL_VERSION, provider: transport.provider, model: transport.model, records };
}

/** A record's grade recomputed from its raw reply on the recorded evidence (the record's own score is not read). */
function rederivedRecord(def: ReproductionTaskDefinition, verdict: ReproductionVerdict, files: readonly PackageFile[], model: string, r: Pick<JudgeRecord, 'leaf_id' | 'raw' | 'error'>): Omit<JudgeRecord, 'raw' | 'error'> {
  const leaf = interpretiveLeaves(def).find((l) => l.id === r.leaf_id);
  if (!leaf) throw new Error(`judge record for ${r.leaf_id}: no interpretive leaf of that id in ${def.task.task_id}`);
  const evidence = buildJudgeEvidence({ record: verdict, files });
  return { leaf_id: r.leaf_id, request_sha256: requestHash(buildJudgeRequest(leaf, def.task, evidence, model)), ...gradeOfExchange(r.raw, r.error, evidence) };
}

function leafGrades(tree: GradedNode, out = new Map<string, LeafGrade>()): Map<string, LeafGrade> {
  if (!tree.children) out.set(tree.id, tree.score === null ? null : { score: tree.score, reason: tree.reason ?? '' });
  tree.children?.forEach((c) => leafGrades(c, out));
  return out;
}

/** Not-judged leaves get the reason their record gives (a malformed reply, a failed endpoint). */
function annotate(n: GradedNode, reasons: ReadonlyMap<string, string>): GradedNode {
  if (n.children) return { ...n, children: n.children.map((c) => annotate(c, reasons)) };
  const why = reasons.get(n.id);
  return n.score === null && why !== undefined && n.reason === undefined ? { ...n, reason: why } : n;
}

/** The verdict's rubric with the judge's grades in: deterministic leaves as the evaluator graded them. */
export function judgedRubric(def: ReproductionTaskDefinition, verdict: ReproductionVerdict, files: readonly PackageFile[], judging: Judging): RubricResult {
  const recorded = leafGrades(verdict.rubric.tree);
  const grades = new Map(judging.records.map((r) => [r.leaf_id, rederivedRecord(def, verdict, files, judging.model, r)] as const));
  const result = gradeRubric(def.rubric, (leaf) => {
    if (leaf.kind !== 'interpretive') return recorded.get(leaf.id) ?? null;
    const g = grades.get(leaf.id);
    return g && g.score !== null ? { score: g.score, reason: g.reason } : null;
  });
  const reasons = new Map([...grades].filter(([, g]) => g.score === null).map(([id, g]) => [id, g.reason] as const));
  return { ...result, tree: annotate(result.tree, reasons) };
}

/** What verify re-checks for one judge record: the evidence it was judged on, as the file records it. */
export interface JudgeCheckRequest {
  kind: 'judge';
  task_id: string;
  model: string;
  verdict: ReproductionVerdict;
  files: PackageFile[];
  record: Pick<JudgeRecord, 'leaf_id' | 'raw' | 'error'>;
}

export function isJudgeCheck(r: unknown): r is JudgeCheckRequest {
  return typeof r === 'object' && r !== null && (r as { kind?: unknown }).kind === 'judge';
}

/** The record as this build re-derives it: request hash from task + evidence, grade from the raw reply. */
export function rejudge(req: JudgeCheckRequest): Omit<JudgeRecord, 'raw' | 'error'> {
  const def = reproductionTask(req.task_id);
  if (!def) throw new Error(`no reproduction task ${req.task_id}`);
  return rederivedRecord(def, req.verdict, req.files, req.model, req.record);
}
