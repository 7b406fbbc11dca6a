/**
 * What an agent may call in a photonics-agent episode: the engine behind a small set of tools with
 * their own descriptions and zod-derived JSON Schemas, built fresh for every task (nothing from an
 * earlier task is visible). The tools mirror an MCP photonics server: resources (the material
 * library with ranges and sources, the conventions, each problem kind's JSON Schema), estimate,
 * solve, compare, optimize, and submit_answer. A problem that fails validation or that the solver
 * refuses throws with the engine's own message, which the tool loop hands back to the model.
 */
import { z } from 'zod';
import type { SuiteEnvironment } from '../run/types.ts';
import { defineTool, type ToolSpec } from '../llm/tool-loop.ts';
import { estimatePhotonics, type SolveEstimate } from '../photonics/estimate.ts';
import type { MaterialInfo } from '../photonics/materials/library.ts';
import { PHOTONICS_KINDS, photonicsKindJsonSchema, type PhotonicsKind } from '../photonics/problem.ts';
import { parsePhotonicsProblem, solveParsedPhotonics, type PhotonicsResult } from '../photonics/solve.ts';
import type { SolveContext } from '../photonics/solve-context.ts';

/** The engine as an episode sees it; platforms build it (Node: WASM kernels; the page: its worker). */
export interface PhotonicsAgentEnv extends SuiteEnvironment {
  /** May answer asynchronously (the page's photonics worker); Node answers at once. */
  solve(problem: unknown): PhotonicsResult | Promise<PhotonicsResult>;
  estimate(problem: unknown): SolveEstimate | Promise<SolveEstimate>;
  materials(): readonly MaterialInfo[];
  /**
   * Where the engine's tools come from another server (an MCP server over stdio): one tool session
   * per task, closed when the task ends. Absent: the in-process tools over this engine.
   */
  openTools?(): Promise<{ tools: ToolSpec[]; instructions?: string | undefined; close(): Promise<void> }>;
}

/** An environment over a solve context (the material library included) and a monotonic clock. */
export function createPhotonicsAgentEnv(ctx: SolveContext & { materials: { list(): MaterialInfo[] } }, now: () => number, backendId: string): PhotonicsAgentEnv {
  return {
    backendId,
    solve: (problem) => solveParsedPhotonics(parsePhotonicsProblem(problem), ctx),
    estimate: (problem) => estimatePhotonics(parsePhotonicsProblem(problem), ctx, { now }, (p) => solveParsedPhotonics(p, ctx)),
    materials: () => ctx.materials.list(),
  };
}

export const SERVER_INSTRUCTIONS =
  'Photonics simulation tools. Describe a problem as one JSON object with a "kind" (scattering, layer_stack, mode, circuit, grating, grating_2d, bands, dda, eme, inverse_design); ' +
  'read schema://problem/<kind> for its fields and docs://conventions for units and sign conventions. estimate(problem) tells what a solve will cost before it runs; ' +
  'solve(problem) runs it; compare(problems) solves several side by side; optimize(problem) runs an inverse design. Results carry warnings: read them. ' +
  'When you are done, call submit_answer once.';

export const CONVENTIONS_TEXT = [
  'Units are in the field names: *_nm nanometres, *_um micrometres, *_deg degrees, *_db decibels, *_dbm dBm.',
  'Every wavelength is a VACUUM wavelength in nm; the solvers divide by the medium index themselves.',
  'Complex refractive index N = n + ik with fields ∝ e^{−iωt}: k > 0 absorbs, k < 0 is gain (refused unless allow_gain is set). A source that writes n − jk (e^{+jωt}) has the opposite sign of k.',
  'Spheres are given by their RADIUS (radius_nm, core_radius_nm), never a diameter.',
  'layer_stack: incident_medium | layers[0] … layers[last] | exit_medium; incidence "back" sends the light in from exit_medium. A thick layer (substrate, slide) whose fringes are far finer than the source coherence is "coherent": false.',
  'circuit waveguides: n_eff sets the phase, n_g (group index) sets FSR and delay; without n_g the model takes n_g = n_eff.',
  'bands: frequencies are normalised, ωa/2πc = a/λ (a: lattice constant, λ: vacuum wavelength).',
  'Grid solvers (dda, grating, grating_2d, bands, eme, inverse_design) have resolution parameters with documented default accuracy; estimate before an expensive solve.',
].join('\n');

/** What a submit_answer call carries. */
export const SubmitAnswerSchema = z.strictObject({
  values: z.record(z.string(), z.number()).describe('answer key → number in the unit the question states; {} when you give no numbers'),
  declined: z.boolean().describe('true when the request cannot be answered as asked (say why in concerns)'),
  concerns: z.array(z.string()).describe('assumptions, warnings from the tools, and anything the user should know'),
  summary: z.string().describe('a short answer in words'),
});
export type SubmittedAnswer = z.infer<typeof SubmitAnswerSchema>;

/**
 * What a solve returns to the agent: the result without its field maps (`maps`: 2-D arrays of
 * |field|² for the page's plots, up to megabytes of JSON that would flood a model's context).
 * Every number an answer or a grader reads stays.
 */
export function toolResult(result: PhotonicsResult): unknown {
  if (!('maps' in result)) return result;
  const { maps: _maps, ...rest } = result as PhotonicsResult & { maps: unknown };
  return rest;
}

const problemArg = z.unknown().describe('one photonics problem: a JSON object with "kind" and that kind\'s fields (read schema://problem/<kind>)');

const RESOURCES = [
  { uri: 'materials://library', description: 'the material library: every dataset with its wavelength range, coverage and source' },
  { uri: 'docs://conventions', description: 'units, sign conventions and geometry conventions of every problem kind' },
  ...PHOTONICS_KINDS.map((k) => ({ uri: `schema://problem/${k}`, description: `JSON Schema of a "${k}" problem` })),
];

function readResource(env: PhotonicsAgentEnv, uri: string): unknown {
  if (uri === 'docs://conventions') return CONVENTIONS_TEXT;
  if (uri === 'materials://library') return env.materials().map((m) => ({ name: m.name, aliases: m.aliases, range_nm: m.range_nm, coverage_nm: m.coverage_nm, k_coverage_nm: m.k_coverage_nm, data_types: m.data_types, reference: m.reference, notes: m.notes }));
  const kind = /^schema:\/\/problem\/(.+)$/.exec(uri)?.[1];
  if (kind !== undefined && (PHOTONICS_KINDS as readonly string[]).includes(kind)) return photonicsKindJsonSchema(kind as PhotonicsKind);
  throw new Error(`unknown resource "${uri}"; list_resources names them: ${RESOURCES.map((r) => r.uri).join(', ')}`);
}

export const TOOL_NAMES = ['list_resources', 'read_resource', 'estimate', 'solve', 'compare', 'optimize', 'submit_answer'] as const;

/** The harness's own tool: the answer (`onSubmit` receives every valid call; the last one counts). */
export function submitAnswerTool(onSubmit: (a: SubmittedAnswer) => void): ToolSpec {
  return defineTool({
    name: 'submit_answer',
    description: 'Submits the final answer: numbers per answer key, whether you decline, your concerns, and a summary. Call it once, at the end.',
    schema: SubmitAnswerSchema,
    handler: (answer) => {
      onSubmit(answer);
      return 'answer recorded';
    },
  });
}

/** The tools of one episode: the engine's tools and submit_answer. */
export function photonicsTools(env: PhotonicsAgentEnv, onSubmit: (a: SubmittedAnswer) => void): ToolSpec[] {
  return [...engineTools(env), submitAnswerTool(onSubmit)];
}

/** The engine's tools (what an MCP server serves). */
export function engineTools(env: PhotonicsAgentEnv): ToolSpec[] {
  return [
    defineTool({ name: 'list_resources', description: 'Lists the readable resources (material library, conventions, problem schemas).', schema: z.strictObject({}), handler: () => RESOURCES }),
    defineTool({ name: 'read_resource', description: 'Reads one resource by its uri (see list_resources).', schema: z.strictObject({ uri: z.string() }), handler: ({ uri }) => readResource(env, uri) }),
    defineTool({
      name: 'estimate',
      description: 'Estimates what solving a problem will cost on this machine (unknowns, memory, seconds) and gives convergence advice, without solving it.',
      schema: z.strictObject({ problem: problemArg }),
      handler: ({ problem }) => env.estimate(problem),
    }),
    defineTool({
      name: 'solve',
      description: 'Solves one photonics problem of any kind and returns its result with warnings (field maps for plots are left out).',
      schema: z.strictObject({ problem: problemArg }),
      handler: async ({ problem }) => toolResult(await env.solve(problem)),
    }),
    defineTool({
      name: 'compare',
      description: 'Solves two to four problems and returns their results side by side (e.g. two resolutions, two geometries).',
      schema: z.strictObject({ problems: z.array(problemArg).min(2).max(4) }),
      handler: async ({ problems }) => Promise.all(problems.map(async (p) => toolResult(await env.solve(p)))),
    }),
    defineTool({
      name: 'optimize',
      description: 'Runs an inverse design (an "inverse_design" problem: topology optimisation by FDFD with adjoint gradients) and returns the optimised device.',
      schema: z.strictObject({ problem: problemArg }),
      handler: async ({ problem }) => {
        if (problem === null || typeof problem !== 'object' || (problem as { kind?: unknown }).kind !== 'inverse_design') throw new Error('optimize takes an "inverse_design" problem; use solve for the other kinds');
        return toolResult(await env.solve(problem));
      },
    }),
  ];
}
