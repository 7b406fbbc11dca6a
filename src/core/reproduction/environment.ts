/**
 * What a reproduction episode may call (seed 003): the agent works on a package of files — list,
 * read, write and delete them — runs it in a development sandbox (the same clean replay the
 * evaluator does, without the grade: status, logs, the oracle calls made and the artifacts
 * written), and submits it once. The evaluator is behind `env.evaluate`, which platforms run in a
 * fresh worker; nothing but the package's files reaches it.
 */
import { z } from 'zod';
import { defineTool, type ToolSpec } from '../llm/tool-loop.ts';
import type { SuiteEnvironment } from '../run/types.ts';
import type { ReproductionVerdict } from './evaluator.ts';
import type { JudgeTransport } from './judge.ts';
import type { PackageFile } from './replay.ts';
import type { ReproductionBankTask } from './task-schema.ts';

export interface DevelopmentRun {
  status: ReproductionVerdict['status'];
  reason: string | null;
  dropped: string[];
  calls: ReproductionVerdict['calls'];
  artifacts: ReproductionVerdict['artifacts'];
  logs: string[];
  elapsed_ms: number;
}

export interface ReproductionEnv extends SuiteEnvironment {
  /** The isolated evaluator: clean replay of the package and the hidden rubric. */
  evaluate(taskId: string, files: readonly PackageFile[]): Promise<ReproductionVerdict>;
  /** The development sandbox: the same replay, no grade. */
  develop(taskId: string, files: readonly PackageFile[]): Promise<DevelopmentRun>;
  /** The user's LLM endpoint for interpretive leaves, if they gave one (without it those leaves are not judged). */
  judge?: JudgeTransport;
}

/** Package limits the tools enforce (the replay restores only .js files; others are the report and notes). */
export const MAX_PACKAGE_FILES = 40;
export const MAX_FILE_CHARS = 200_000;
export const PackagePathSchema = z.string().regex(/^[A-Za-z0-9_][A-Za-z0-9_./-]{0,127}$/).refine((p) => !p.split('/').includes('..'), 'a path stays inside the package');

/** The submit tool's result: the package as submitted (verify replays these files) and the verdict. */
export const SubmissionResultSchema = z.strictObject({ files: z.array(z.strictObject({ path: z.string(), text: z.string() })) }).passthrough();

/** A run as the agent reads it: artifacts summarised (their sizes), calls counted, logs capped. */
function developmentSummary(run: DevelopmentRun) {
  return {
    status: run.status,
    reason: run.reason,
    dropped: run.dropped,
    oracle_calls: run.calls.length,
    failed_calls: run.calls.filter((c) => !c.ok).map((c) => ({ index: c.index, tool: c.tool, error: c.error })),
    artifacts: run.artifacts.map((a) => ({ name: a.name, kind: a.kind, preview: JSON.stringify(a.data).slice(0, 400) })),
    logs: run.logs.slice(-50).map((l) => l.slice(0, 500)),
    elapsed_ms: run.elapsed_ms,
  };
}

/** The agent's package state for one episode (starts as the starter). */
export interface PackageState {
  files: Map<string, string>;
  submitted: boolean;
}

export function packageFiles(state: PackageState): PackageFile[] {
  return [...state.files.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([path, text]) => ({ path, text }));
}

export function reproductionTools(env: ReproductionEnv, task: ReproductionBankTask, state: PackageState): ToolSpec[] {
  const open = () => {
    if (state.submitted) throw new Error('the package has been submitted; the episode is over');
  };
  return [
    defineTool({
      name: 'list_files',
      description: 'Lists the files of your package with their sizes.',
      schema: z.strictObject({}),
      handler: () => packageFiles(state).map((f) => ({ path: f.path, chars: f.text.length })),
    }),
    defineTool({
      name: 'read_file',
      description: 'Reads one file of your package.',
      schema: z.strictObject({ path: PackagePathSchema }),
      handler: ({ path }) => {
        const text = state.files.get(path);
        if (text === undefined) throw new Error(`no file ${path} in the package (list_files shows them)`);
        return { path, text };
      },
    }),
    defineTool({
      name: 'write_file',
      description: `Creates or replaces one file of your package (JavaScript sources end in .js; ${task.entry} is the entry point; a REPORT.md may point at evidence). At most ${MAX_PACKAGE_FILES} files of ${MAX_FILE_CHARS} characters.`,
      schema: z.strictObject({ path: PackagePathSchema, text: z.string().max(MAX_FILE_CHARS) }),
      handler: ({ path, text }) => {
        open();
        if (!state.files.has(path) && state.files.size >= MAX_PACKAGE_FILES) throw new Error(`the package already has ${MAX_PACKAGE_FILES} files`);
        state.files.set(path, text);
        return { path, chars: text.length };
      },
    }),
    defineTool({
      name: 'delete_file',
      description: 'Deletes one file of your package.',
      schema: z.strictObject({ path: PackagePathSchema }),
      handler: ({ path }) => {
        open();
        if (!state.files.delete(path)) throw new Error(`no file ${path} in the package`);
        return { deleted: path };
      },
    }),
    defineTool({
      name: 'run',
      description: `Runs your package from scratch in a development sandbox, exactly as the evaluator will replay it (only .js files restored, ${task.entry} run): status, errors, oracle calls, the artifacts written (previews) and the logs. Not graded.`,
      schema: z.strictObject({}),
      handler: async () => developmentSummary(await env.develop(task.task_id, packageFiles(state))),
    }),
    defineTool({
      name: 'submit',
      description: 'Submits the package, once. The evaluator replays it from scratch in a fresh sandbox and grades only the evidence that replay regenerates.',
      schema: z.strictObject({}),
      handler: async () => {
        open();
        state.submitted = true;
        const files = packageFiles(state);
        const verdict = await env.evaluate(task.task_id, files);
        return { files, verdict };
      },
    }),
  ];
}

export function reproductionSystemPrompt(): string {
  return [
    'You are a computational scientist reproducing a published claim with a real simulation engine.',
    'You deliver a small package of JavaScript files whose entry point reproduce.js regenerates the evidence. It runs in a sandbox whose only capabilities are:',
    '- oracle.solve(problem) (the photonics engine: one JSON problem with a "kind"), oracle.estimate(problem), oracle.materials(), oracle.veh(request) (the cantilever harvester oracle);',
    '- artifact.table(name, columns, rows), artifact.json(name, value), artifact.svg(name, text): the evidence; console.log(...): the log; require("./lib/x.js"): other files of the package.',
    'There is no network, storage or DOM, and the run has time and memory limits.',
    'The evaluator replays your package from scratch: outputs you ship are deleted, and only artifacts whose numbers come from oracle calls of that replay count as evidence. Grading is by a hidden rubric over the regenerated artifacts (presence, units, sampling, convergence, tolerances, the claim’s quantitative condition).',
    'Use write_file to build the package, run to try it, and submit once when the evidence is complete.',
  ].join('\n');
}

export function reproductionUserPrompt(task: ReproductionBankTask): string {
  return [
    `# ${task.title}`,
    '',
    `Claim: ${task.claim}`,
    `Source: ${task.citation.text}, doi:${task.citation.doi}.`,
    'Reported by the paper:',
    ...task.reported.map((r) => `- ${r.quantity}: ${String(r.value)} ${r.unit} (${r.where})`),
    '',
    `Scope: ${task.spec.scope}`,
    `Variants: ${task.spec.variants.join('; ')}.`,
    `Observables: ${task.spec.observables.join('; ')}.`,
    'Required evidence:',
    ...task.spec.evidence.map((e) => `- ${e}`),
    `Interface: ${task.spec.interface}`,
    `Solver: ${task.solver}.`,
    '',
    'Your package starts as the starter:',
    ...task.starter.flatMap((f) => [`${f.path}:`, '```js', f.text.trimEnd(), '```']),
  ].join('\n');
}
