/**
 * What a spec-to-design episode may call (seed 002's authority boundary): the simulators — the
 * photonics engine's tools, the heat oracle, the VEH oracle — as often as the wall clock allows,
 * `probe(source)` for the evaluator's full verdict, counted against the task's probe budget, and
 * `submit(source)`, once. The evaluator is behind `env.evaluate`, which platforms run in its own
 * worker; nothing the agent writes reaches it except the source text.
 */
import { z } from 'zod';
import { defineTool, type ToolSpec } from '../llm/tool-loop.ts';
import { engineTools, type PhotonicsAgentEnv } from '../photonics-agent/environment.ts';
import type { HeatResult } from '../photonics/heat/index.ts';
import type { OracleResult } from '../veh/oracle.ts';
import type { SuiteEnvironment } from '../run/types.ts';
import type { Verdict } from './evaluator.ts';
import { DESIGN_API_SUMMARY } from './source-api.ts';
import type { DesignTask } from './task-schema.ts';

export interface DesignEnv extends SuiteEnvironment {
  /** The isolated evaluator: source text in, verdict out. */
  evaluate(taskId: string, source: string): Promise<Verdict>;
  /** The photonics engine the agent designs with. */
  readonly photonics: Pick<PhotonicsAgentEnv, 'solve' | 'estimate' | 'materials'>;
  heat(problem: unknown): HeatResult | Promise<HeatResult>;
  veh(request: unknown): OracleResult | Promise<OracleResult>;
}

/** A verdict as the agent receives it: without the temperature or field map (kilobytes a model need not read). */
export function verdictForAgent(v: Verdict): Omit<Verdict, 'map'> {
  const { map: _map, ...rest } = v;
  return rest;
}

const sourceArg = z.strictObject({ source: z.string().max(200_000).describe('the complete design source (JavaScript against the design API)') });

export interface ProbeLedger {
  used: number;
  submitted: boolean;
}

/** The heat oracle's result without its map (the map stays for the page). */
function heatForAgent(r: HeatResult): Omit<HeatResult, 'map'> {
  const { map: _map, ...rest } = r;
  return rest;
}

const PHOTONICS_TOOL_KINDS = ['scattering', 'layer_stack', 'mode', 'circuit', 'grating', 'grating_2d', 'bands', 'dda', 'eme', 'inverse_design'];

/** The tools of one episode, built fresh per task; `ledger` counts probes and the submission. */
export function designTools(env: DesignEnv, task: DesignTask, ledger: ProbeLedger): ToolSpec[] {
  const tools: ToolSpec[] = [];
  if (task.tools.some((t) => PHOTONICS_TOOL_KINDS.includes(t))) tools.push(...engineTools({ ...env.photonics, backendId: env.backendId }));
  if (task.tools.includes('heat')) {
    tools.push(
      defineTool({
        name: 'heat_solve',
        description: 'Solves a 2-D steady heat-conduction problem on a cross-section (kind "heat": domain, rectangles of materials, a Joule heater at a voltage, the waveguide core) and returns heater, core (ΔT, phase, P_π, V_π), peak temperature and energy balance.',
        schema: z.strictObject({ problem: z.unknown().describe('a heat problem: {"kind": "heat", domain_um, background, rects, heater, core, boundaries?, grid?}') }),
        handler: async ({ problem }) => heatForAgent(await env.heat(problem)),
      }),
    );
  }
  if (task.tools.includes('veh_oracle')) {
    tools.push(
      defineTool({
        name: 'veh_oracle',
        description: 'Evaluates a cantilevered piezoelectric harvester: {design: {beam_length_mm, beam_width_mm, substrate_thickness_um, piezo_thickness_um, tip_mass_g, load_resistance_ohm}, excitation: {frequency_hz, acceleration_g}, environment?: {piezo_material, substrate_material, damping_ratio}} → resonance, power, stress, displacement.',
        schema: z.strictObject({ request: z.unknown() }),
        handler: ({ request }) => env.veh(request),
      }),
    );
  }
  tools.push(
    defineTool({
      name: 'probe',
      description: `Runs the evaluator on a design source: every gate with pass and reason, J and S. Counts against the probe budget (${task.probe_budget} for this task).`,
      schema: sourceArg,
      handler: async ({ source }) => {
        if (ledger.submitted) throw new Error('the design has been submitted; the episode is over');
        if (ledger.used >= task.probe_budget) throw new Error(`the probe budget is spent (${ledger.used} of ${task.probe_budget}); submit your final design`);
        ledger.used += 1;
        return verdictForAgent(await env.evaluate(task.task_id, source));
      },
    }),
    defineTool({
      name: 'submit',
      description: 'Submits the final design source, once. The evaluator rebuilds and scores it; this is the submission the leaderboard reads.',
      schema: sourceArg,
      handler: async ({ source }) => {
        if (ledger.submitted) throw new Error('a design was already submitted: submit once');
        ledger.submitted = true;
        return verdictForAgent(await env.evaluate(task.task_id, source));
      },
    }),
  );
  return tools;
}

export function designSystemPrompt(): string {
  return [
    'You are an engineer designing a physical device to a specification, with real simulators and an independent evaluator.',
    'You write the design as a small JavaScript program (the design source) against this API:',
    ...DESIGN_API_SUMMARY.map((l) => `- ${l}`),
    'The evaluator rebuilds the design from your source in a sandbox and checks every gate (design rules, connectivity, electrical, thermal, numerical, requirements). A design that fails any gate scores 0; otherwise S = 1/(1 + J/c), J lower is better.',
    'probe(source) returns the full verdict and counts against the probe budget; the simulator tools are free within the wall-clock budget. When you are done, call submit(source) exactly once with your final design.',
  ].join('\n');
}

export function designUserPrompt(task: DesignTask): string {
  const lines = [
    `# ${task.title} (${task.family})`,
    '',
    task.spec.summary,
    '',
    'Requirements:',
    ...task.spec.requirements.map((r) => `- ${r}`),
    'Constraints:',
    ...task.spec.constraints.map((r) => `- ${r}`),
    `Objective: ${task.spec.objective.description} (${task.spec.objective.unit}); c = ${task.c} (${task.c_basis}).`,
    ...(task.citation ? [`Published device: ${task.citation.text}, doi:${task.citation.doi}.`] : []),
    'Design interface:',
    ...task.interface.map((r) => `- ${r}`),
    `Materials: ${task.materials.join('; ')}.`,
    `Probe budget: ${task.probe_budget}; wall-clock budget: ${task.wall_clock_s / 60} minutes.`,
    '',
    'Starter design source:',
    '```js',
    task.starter_source.trimEnd(),
    '```',
  ];
  return lines.join('\n');
}
