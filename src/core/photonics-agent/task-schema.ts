/**
 * The photonics agent task (../shared/seeds/000_98b8c3b34efa167b.txt): a question as a user would
 * write it, the answer keys with units, a hidden reference problem (what a careful agent solves),
 * the reference values this build computes from it, targets with physics tolerances
 * (|value − ref| ≤ abs + rel·|ref|), the naive problem a careless agent would solve, and the checks
 * the graders run. Problems are photonics problems (src/core/photonics/problem.ts) kept as plain
 * JSON, validated by the engine's schema when solved.
 */
import { z } from 'zod';

/** The seed's eight kinds; the engine's problem kinds map onto them (PROBLEM_KIND_GROUP). */
export const TASK_KINDS = ['scattering', 'layer_stack', 'mode', 'circuit', 'periodic', 'bands', 'device', 'optimization'] as const;
export const TaskKindSchema = z.enum(TASK_KINDS);
export type TaskKind = z.infer<typeof TaskKindSchema>;

export const CATEGORIES = ['standard', 'trap', 'pushback', 'warning'] as const;
export const CategorySchema = z.enum(CATEGORIES);
export type Category = z.infer<typeof CategorySchema>;

/** Which seed kind each engine problem kind counts as (a solve of any of them is a solve of the kind). */
export const PROBLEM_KIND_GROUP: Readonly<Record<string, TaskKind>> = {
  scattering: 'scattering',
  dda: 'scattering',
  layer_stack: 'layer_stack',
  mode: 'mode',
  circuit: 'circuit',
  grating: 'periodic',
  grating_2d: 'periodic',
  bands: 'bands',
  eme: 'device',
  inverse_design: 'optimization',
};

/** Problem kinds whose cost depends on a grid or a basis (graded on estimate-before-solve). */
export const GRID_PROBLEM_KINDS: readonly string[] = ['dda', 'grating', 'grating_2d', 'bands', 'eme', 'inverse_design'];

const path = z.string().min(1).describe('dotted path into the JSON, list indices as numbers: "points.0.R"');

/**
 * How a value is read from a solve: from the result (or, with `from: "problem"`, from the solved
 * problem itself, e.g. a layer thickness the agent chose), then optionally scaled or inverted.
 */
export const ExtractSchema = z
  .discriminatedUnion('op', [
    z.strictObject({ op: z.literal('path'), path }),
    z.strictObject({ op: z.literal('argmax'), x: path, y: path }),
    z.strictObject({ op: z.literal('argmin'), x: path, y: path }),
    z.strictObject({ op: z.literal('max'), path }),
    z.strictObject({ op: z.literal('min'), path }),
    z.strictObject({
      op: z.literal('find'),
      list: path,
      where: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
      field: path,
    }),
  ])
  .and(
    z.strictObject({
      from: z.enum(['result', 'problem']).default('result'),
      /** Multiplies the value read (after `reciprocal`). */
      scale: z.number().finite().optional(),
      /** Takes 1/value first (a/λ → λ/a). */
      reciprocal: z.boolean().optional(),
    }),
  );
export type Extract = z.infer<typeof ExtractSchema>;

export const AnswerKeySchema = z.strictObject({
  key: z.string().regex(/^[a-z][a-z0-9_]*$/),
  unit: z.string().describe('the unit the number must be given in ("1" for a pure number)'),
  description: z.string(),
  extract: ExtractSchema,
  /** The naive reading where the mistake is in reading the result (a/λ taken as λ/a), not in the problem. */
  naive_extract: ExtractSchema.optional(),
});
export type AnswerKey = z.infer<typeof AnswerKeySchema>;

export const ToleranceSchema = z.strictObject({ abs: z.number().nonnegative(), rel: z.number().nonnegative() });
export type Tolerance = z.infer<typeof ToleranceSchema>;

export const TargetSchema = z.strictObject({ key: z.string(), reference: z.number().finite(), tolerance: ToleranceSchema });
export type Target = z.infer<typeof TargetSchema>;

/** A diagnostic on what was actually solved: a field value, a material's index or a wavelength. */
export const SpecCheckSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('spec'), path, value: z.union([z.number(), z.string(), z.boolean()]), tolerance: ToleranceSchema.optional() }),
  /** The material at `path` resolves, at the problem's first wavelength, to n (and k, when given). */
  z.strictObject({ type: z.literal('material'), path, n: z.number(), k: z.number().optional(), tolerance: ToleranceSchema }),
  /** Some solved problem's wavelengths include λ (within 0.5 %). */
  z.strictObject({ type: z.literal('wavelength'), wavelength_nm: z.number().positive() }),
]);
export type SpecCheck = z.infer<typeof SpecCheckSchema>;

export const OptimizationCheckSchema = z.strictObject({
  /** The answer key holding the reported figure of merit. */
  key: z.string(),
  /** Dotted path of the figure in the optimiser's result. */
  result_path: path,
  threshold: z.number(),
  tolerance: ToleranceSchema,
});

export const PhotonicsTaskSchema = z
  .strictObject({
    task_id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
    kind: TaskKindSchema,
    category: CategorySchema,
    title: z.string(),
    /** The question as a user would write it; the answer keys and units are appended by the harness. */
    prompt: z.string().min(20),
    answer_keys: z.array(AnswerKeySchema),
    /** What the trap is (or why the request is unphysical), in words: shown after grading, never to the agent. */
    explanation: z.string(),
    /** The problem a careful agent solves; null for a pushback that has nothing to solve. */
    reference_problem: z.unknown().nullable(),
    /** The problem a careless agent solves (same as the reference for standard tasks). */
    naive_problem: z.unknown().nullable(),
    targets: z.array(TargetSchema),
    checks: z.array(SpecCheckSchema).default([]),
    /** Words of which the concerns or summary must contain one (warning and pushback tasks, some traps). */
    mentions: z.array(z.string().min(2)).default([]),
    /** What the reference answer says in its concerns (the oracle passes it on). */
    reference_concerns: z.array(z.string()).default([]),
    /** Graded on estimate-before-solve (a grid solver). */
    grid: z.boolean(),
    optimization: OptimizationCheckSchema.optional(),
  })
  .superRefine((t, ctx) => {
    const keys = new Set(t.answer_keys.map((k) => k.key));
    for (const target of t.targets) if (!keys.has(target.key)) ctx.addIssue({ code: 'custom', path: ['targets'], message: `target ${target.key} is not an answer key` });
    if (t.category !== 'pushback' && t.reference_problem === null) ctx.addIssue({ code: 'custom', path: ['reference_problem'], message: 'only pushback tasks may lack a reference problem' });
    if ((t.category === 'pushback' || t.category === 'warning') && t.mentions.length === 0) ctx.addIssue({ code: 'custom', path: ['mentions'], message: `${t.category} tasks need mentions` });
  });
export type PhotonicsTask = z.infer<typeof PhotonicsTaskSchema>;

/** The bank manifest: one JSON file per task, with its size and SHA-256. */
export const PhotonicsBankManifestSchema = z.strictObject({
  suite: z.literal('photonics-agent'),
  generator_version: z.string(),
  /** Problem kinds that need a grid solver, and the counts the bank must hold. */
  counts: z.strictObject({ kind: z.record(z.string(), z.number().int()), category: z.record(z.string(), z.number().int()), grid: z.number().int() }),
  files: z.array(z.strictObject({ task_id: z.string(), file: z.string(), bytes: z.number().int(), sha256: z.string() })),
});
export type PhotonicsBankManifest = z.infer<typeof PhotonicsBankManifestSchema>;

/** The counts the seed fixes. */
export const EXPECTED_COUNTS = {
  kind: { scattering: 12, layer_stack: 8, mode: 7, circuit: 5, periodic: 4, bands: 4, device: 2, optimization: 1 },
  category: { standard: 23, trap: 15, pushback: 3, warning: 2 },
  grid: 11,
} as const;
