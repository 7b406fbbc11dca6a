/**
 * Circuit audit suite (paper App. R, "Circuit Audit: Cross-Domain Construct Validity").
 *
 * The circuit audit asks whether VEHBench's four stage-local probes still separate agents when the
 * physics changes: the same P1–P4 decision boundaries, re-built on closed-form circuits (RC and RL
 * low-pass filters, RLC band-pass filters, resistive dividers) with cutoff/centre-frequency, source
 * current, power, component-tolerance and Q constraints. Bank sizes follow Table 39: P1 32, P2 32,
 * P3 18, P4 24 tasks.
 *
 * - P1 action triage: propose_design / declare_infeasible / request_missing_info on hardened specs
 *   (near-boundary infeasible and missing-information cases). Headline P1-Composite; columns of
 *   Table 40: accuracy, macro-F1, spurious propose, unsafe propose, request recall, infeasible
 *   recall, parse failures.
 * - P2 verifier-guided search on dual-constraint tasks (fixing one violation breaks another);
 *   feasible closure ends the episode. Headline P2b (feasible × BKF power / final power, the
 *   objective is minimised); final feasible rate, directed update, over-edit (Table 41).
 * - P3 corrupted-state recovery from progressive dual traps (the escape can trip a dormant second
 *   constraint; App. N.8); full budget. Escape, explicit replan, reset, cascade, dead budget,
 *   success, recovery quality (Table 42).
 * - P4 policy-conditioned ranking of five feasible candidates under policy-flip pools. Kendall τ,
 *   exact, top-1, top-2 set, pairwise, policy-flip accuracy and the circuit BARS
 *   0.55 (τ+1)/2 + 0.25 flip + 0.20 exact (Table 43, App. F.4).
 *
 * Layout: oracle*.ts, violation.ts, task-schema.ts and bank/ (the oracle and banks); protocol/
 * (prompts, episodes on the generic agent loop, transcript schema, transcript → row); metrics/ (rows
 * and the Table 40–43 metrics with 95 % intervals); agents/ (reference, always-propose, last-state,
 * random); run/ (runner, manifest, results files, re-scoring). CLI:
 * `proving-ground run --suite circuit --agent reference --out runs/circuit-ref`.
 */
export { CircuitTaskSchema, type CircuitTask } from './task-schema.ts';
export { evaluateCircuit, type CircuitOracle, type CircuitRequest, type CircuitResult } from './oracle.ts';
export { CIRCUIT_AGENTS, getCircuitAgent } from './agents/index.ts';
export { computeCircuitMetrics } from './metrics/index.ts';
export { CircuitRowSchema, type CircuitRow } from './metrics/rows.ts';
export { buildCircuitOpening } from './protocol/prompts.ts';
export { deriveCircuitRow } from './protocol/derive-row.ts';
export { CircuitTranscriptSchema, type CircuitTranscript } from './protocol/transcript.ts';
export { runCircuitSuite, type CircuitRunResult } from './run/run-suite.ts';
export { scoreCircuitTranscripts } from './run/score.ts';
export { CircuitResultsFileSchema, renderCircuitResultsMarkdown, toCircuitResultsFile } from './run/results-file.ts';
export { referenceCircuitOracle } from './run/reference-oracle.ts';
