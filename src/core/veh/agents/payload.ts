/**
 * Readers for the JSON payloads a built-in agent receives. Built-in agents see exactly what an LLM
 * sees: they parse the opening payload and the latest turn payload from the message text.
 */
import { parseFirstJsonObject, type JsonObject } from '../../agent/parse-json.ts';
import { VehDesignSchema, type VehDesign } from '../oracle.ts';
import { ProbeSchema, VariableBoundsSchema, type Probe, type VariableBounds } from '../task-schema.ts';

export function parsePayload(text: string): JsonObject | null {
  const r = parseFirstJsonObject(text);
  return r.ok ? r.value : null;
}

export function probeOf(opening: JsonObject): Probe {
  return ProbeSchema.parse(opening.probe);
}

export function boundsOf(opening: JsonObject): VariableBounds {
  return VariableBoundsSchema.parse(opening.variable_bounds);
}

export function designOf(v: unknown): VehDesign {
  return VehDesignSchema.parse(v);
}

/** P2: the initial (anchor) design. */
export function initialDesignOf(opening: JsonObject): VehDesign {
  return designOf(opening.initial_design);
}

/** P3: the design the shown trajectory ends on (raw history or state summary). */
export function lastStateOf(opening: JsonObject): VehDesign {
  const history = opening.corrupted_history;
  if (Array.isArray(history) && history.length > 0) return designOf((history[history.length - 1] as JsonObject).design);
  const summary = opening.state_summary as JsonObject | undefined;
  return designOf(summary?.latest_proposal);
}

/** P4: candidate ids in the order given. */
export function candidateIdsOf(opening: JsonObject): string[] {
  const c = opening.candidates;
  if (!Array.isArray(c)) throw new Error('P4 payload without candidates');
  return c.map((x) => String((x as JsonObject).id));
}

export interface Observation {
  design: VehDesign;
  feasible: boolean;
  power: number;
  totalViolation: number;
}

/** The verifier's verdict on the previous turn's design, when that turn was evaluated. */
export function observationOf(turn: JsonObject | null): Observation | null {
  if (!turn || turn.evaluated_design === undefined) return null;
  const vr = turn.verifier_response as JsonObject;
  const metrics = vr.metrics as JsonObject;
  return {
    design: designOf(turn.evaluated_design),
    feasible: vr.feasible === true,
    power: Number(metrics.load_power_uw),
    totalViolation: Number(vr.total_violation),
  };
}

export const isFinalSelection = (turn: JsonObject | null): boolean => turn?.final_selection === true;
