/**
 * A spec-to-design task (seed 002): the specification an agent reads, and the evaluator's half —
 * how a validated design document becomes gates and an objective J. Tasks are code, one file
 * each under tasks/, because each has its own physics; the bank (public/banks/design/) is their
 * serialised, agent-visible part plus the hashes a run records.
 *
 * Scoring: S = 1 / (1 + J / c) for a design that passes every gate, 0 otherwise. For Design tasks
 * c is a fixed engineering scale stated in the task; for Reimplementation tasks c is J of the
 * published device as this evaluator scores it, so rebuilding the published device scores 0.5.
 */
import type { SolveContext } from '../photonics/solve-context.ts';
import type { DesignDocument } from './source-api.ts';

export const DESIGN_FAMILIES = ['design', 'reimplementation'] as const;
export type DesignFamily = (typeof DESIGN_FAMILIES)[number];

/** What a gate checks, in the seed's words. */
export const GATE_CATEGORIES = ['source', 'design-rule', 'connectivity', 'electrical', 'thermal', 'numerical', 'requirement'] as const;
export type GateCategory = (typeof GATE_CATEGORIES)[number];

export interface Gate {
  /** Stable id (min-layer-thickness, max-temperature, resolution-stability…). */
  id: string;
  category: GateCategory;
  pass: boolean;
  /** One sentence with the numbers: why it passed or failed. */
  reason: string;
  /** The measured value and the limit, when the gate compares numbers (units in `unit`). */
  value?: number;
  limit?: number;
  unit?: string;
  /** Where in the layout the failure lies (µm), for the drawing. */
  at?: { x: [number, number]; y: [number, number] };
}

/** What the physics of one evaluation gave: the gates it decided and J (null when it could not compute one). */
export interface Evaluation {
  gates: Gate[];
  J: number | null;
  /** Named figures of merit the verdict reports (P_pi_mw, min_R, …). */
  metrics: Record<string, number>;
  /** A map the page can draw (temperature, field), small enough to keep. */
  map?: { kind: 'temperature' | 'field'; x_um: number[]; y_um: number[]; values: number[]; unit: string };
}

export interface EvaluationContext {
  readonly solve: SolveContext;
  /** 1 for the scored evaluation, 2 for the numerical gate's re-solve at a finer resolution. */
  readonly refinement: 1 | 2;
}

export interface DesignSpec {
  /** What the device must do, in one paragraph. */
  summary: string;
  requirements: string[];
  constraints: string[];
  /** J: what it measures, lower is better, with its unit. */
  objective: { description: string; unit: string };
}

export interface DesignTaskDef<D = unknown> {
  task_id: string;
  family: DesignFamily;
  title: string;
  /** The physics the evaluator runs (thin-film, heat, mie, veh…): a facet. */
  physics: string;
  spec: DesignSpec;
  /** The scale of J: S = 0.5 at J = c. */
  c: number;
  c_basis: string;
  /** Reimplementation: the published device. */
  citation?: { doi: string; text: string };
  /** Which API calls the design uses and what they mean (params with units, layers, the stack). */
  interface: string[];
  materials: string[];
  /** The simulators the agent may call directly (photonics kinds, heat, veh, circuit). */
  tools: string[];
  probe_budget: number;
  wall_clock_s: number;
  /** |J(fine) − J| / max(|J|, j_floor) must stay below this for the numerical gate. */
  tolerance: number;
  j_floor: number;
  starter_source: string;
  /** Privileged: the expert design (Design) or the published device (Reimplementation). */
  reference_source: string;
  /** Turns the document into the task's design or says which design rule it breaks. */
  read(doc: DesignDocument): { ok: true; design: D; gates: Gate[] } | { ok: false; gates: Gate[] };
  evaluate(design: D, ctx: EvaluationContext): Evaluation | Promise<Evaluation>;
}

export type AnyDesignTask = DesignTaskDef<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a list of tasks with different design types
