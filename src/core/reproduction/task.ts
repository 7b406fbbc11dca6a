/**
 * What a reproduction task is (seed 003; issue 19). The public part — the claim in our words, its
 * citation, the values the paper reports, the specification (scope, variants, observables, the
 * evidence to deliver and the interface) and a starter package — is what the agent sees and the
 * bank stores. The hidden part — the reference workflow, the rubric, the grader of its
 * deterministic leaves and the regression fixtures — lives in code (tasks/), looked up by task_id.
 * (In a static page "hidden" means "not shown to the agent": a reader of the page's source can see
 * it; the rubric's worth is that the workflow is replayed and graded on regenerated evidence.)
 *
 * The fixtures are data so one generic test (test/reproduction/fixtures.slow.test.ts) holds every task
 * to seed 003's regression list: each names the exact set of leaves it must fail.
 */
import { z } from 'zod';
import type { CheckResult } from './checks.ts';
import type { PackageFile, ReplayOutcome } from './replay.ts';
import { RubricNodeSchema, type RubricNode } from './rubric.ts';

export const PackageFileSchema = z.strictObject({
  path: z.string().min(1).max(200),
  text: z.string().max(1 << 20),
});

export const ReportedValueSchema = z.strictObject({
  /** What the paper reports, in words ("FSR of a 10 µm ring"). */
  quantity: z.string(),
  value: z.union([z.number(), z.string()]),
  unit: z.string(),
  /** Where in the paper (section, figure, equation). */
  where: z.string(),
});

export const ReproductionTaskSchema = z.strictObject({
  task_id: z.string().regex(/^repro-[a-z0-9-]+$/),
  title: z.string(),
  claim: z.string(),
  citation: z.strictObject({ doi: z.string(), text: z.string() }),
  /** The solver the evidence comes from (a photonics problem kind, or "veh"). */
  solver: z.string(),
  reported: z.array(ReportedValueSchema),
  spec: z.strictObject({
    scope: z.string(),
    variants: z.array(z.string()).min(1),
    observables: z.array(z.string()).min(1),
    evidence: z.array(z.string()).min(1),
    interface: z.string(),
  }),
  starter: z.array(PackageFileSchema),
  entry: z.literal('reproduce.js'),
});
export type ReproductionTask = z.infer<typeof ReproductionTaskSchema>;

/** A fixture: a package and the exact leaves it must fail (every other leaf must pass). */
export interface ReproductionFixture {
  /** What was changed, in words (a test's title). */
  change: string;
  files: PackageFile[];
  failed: string[];
}

export interface ReproductionTaskDefinition {
  task: ReproductionTask;
  /** Privileged: the reference workflow (must score Full). */
  reference: PackageFile[];
  /** Runs and looks right but skips validation or uses a wrong setting: Partial, low Validation. */
  plausible: PackageFile[];
  rubric: RubricNode;
  /** Grades one deterministic leaf of `rubric` on a replay (interpretive leaves go to the judge). */
  grade(leaf: RubricNode, replay: ReplayOutcome): CheckResult;
  /** Leaves that read numbers from oracle calls (a package of hand-written numbers must fail them). */
  traceable_leaves: string[];
  fixtures: {
    /** One input corrupted: only the leaves that depend on it fail. */
    corrupted: ReproductionFixture;
    /** One variant's outputs copied from another (or from the claim): the consistency leaves fail. */
    copied: ReproductionFixture;
    /** NaN written into an artifact. */
    nan: ReproductionFixture;
    /** The convergence record left out. */
    missing_convergence: ReproductionFixture;
  };
}

/** The reference package with one exact text replaced in one file; throws if the text is absent (a fixture must never silently not apply). */
export function editFile(files: readonly PackageFile[], path: string, from: string, to: string): PackageFile[] {
  const f = files.find((x) => x.path === path);
  if (!f) throw new Error(`editFile: no file ${path}`);
  if (!f.text.includes(from)) throw new Error(`editFile: ${path} has no text ${JSON.stringify(from)}`);
  return files.map((x) => (x.path === path ? { path, text: x.text.replace(from, to) } : x));
}

/** A definition is consistent: the rubric parses, every leaf the fixtures name exists. */
export function checkDefinition(d: ReproductionTaskDefinition): void {
  ReproductionTaskSchema.parse(d.task);
  RubricNodeSchema.parse(d.rubric);
  const leaves = new Set<string>();
  const walk = (n: RubricNode): void => {
    if (!n.sub_tasks) leaves.add(n.id);
    n.sub_tasks?.forEach(walk);
  };
  walk(d.rubric);
  for (const [name, fx] of Object.entries(d.fixtures)) {
    for (const id of fx.failed) if (!leaves.has(id)) throw new Error(`${d.task.task_id}: fixture ${name} names unknown leaf ${id}`);
  }
  for (const id of d.traceable_leaves) if (!leaves.has(id)) throw new Error(`${d.task.task_id}: traceable leaf ${id} is not in the rubric`);
}
