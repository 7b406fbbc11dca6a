/**
 * Recognising a circuit run among the files `analyze` is given: a circuit results.json carries
 * suite 'circuit' (top level and in its manifest), which the VEH schema rejects, so the CLI checks
 * for it first and routes the run to the circuit analyses. Validated with the circuit schema.
 */
import { CircuitResultsFileSchema } from '../circuit-audit/run/results-file.ts';
import type { CircuitPairedRun } from './circuit-paired.ts';

/** The analyses implemented for circuit runs (`analyze KIND`). */
export const CIRCUIT_ANALYSIS_KINDS = ['profiles', 'paired'] as const;

/** Whether parsed JSON claims to be a circuit results file (before validation). */
export function looksLikeCircuitResults(json: unknown): boolean {
  if (typeof json !== 'object' || json === null) return false;
  const o = json as { suite?: unknown; manifest?: { suite?: unknown } | null };
  return o.suite === 'circuit' || (typeof o.manifest === 'object' && o.manifest !== null && o.manifest.suite === 'circuit');
}

/** A validated circuit run for the analyses; throws naming the first schema problem. */
export function circuitRunFromJson(json: unknown, file: string): CircuitPairedRun {
  const parsed = CircuitResultsFileSchema.safeParse(json);
  if (!parsed.success) throw new Error(`${file} is not a valid circuit results.json: ${parsed.error.issues[0]?.message ?? 'schema mismatch'}`);
  const m = parsed.data.manifest;
  return { run_id: m.run_id, label: m.model ? `${m.model.provider} ${m.model.model}` : m.agent.label, rows: parsed.data.rows, p3_variant: m.p3_variant ?? 'raw_history' };
}
