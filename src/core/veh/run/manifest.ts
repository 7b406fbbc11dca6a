/**
 * Run manifest (Appendix N.1/N.9: "run dates, provider endpoints and model version strings are
 * recorded in per-model run manifests"): everything needed to say what was run and to rerun it.
 */
import { z } from 'zod';
import type { Agent, Clock } from '../../agent/types.ts';
import { DEFAULT_MAX_RETRIES } from '../../agent/loop.ts';
import type { EpisodeBudget } from '../../llm/budget.ts';
import { runUsage, UsageTotalsSchema } from '../../run/usage.ts';
import {
  DECODING_NOTE,
  ManifestModelSchema,
  iso,
  manifestRunEnd,
  manifestRunHead,
  manifestRunner,
  manifestTaskSelection,
  modelBlock,
  runIdOf,
} from '../../run/manifest-core.ts';
import type { Transcript } from './transcript.ts';
import { QueryBudgetRuleSchema, budgetRuleFor, describeBudgetRule } from '../protocol/budget.ts';
import { P3VariantSchema, type P3Variant } from '../protocol/prompts.ts';
import { ControlConditionSchema, p3VariantUnder } from '../protocol/control-blocks.ts';
import { SgFormSchema } from '../protocol/sg-forms.ts';
import { SubsetIdSchema } from '../subsets/appendix-d.ts';

/**
 * 3: run-time controls (`control`, `subset`, `sg_form`, `matched_to_run_id`, `matched_budgets`),
 * read back from the transcripts' settings. 2: optional `model`, `usage` and `warnings` blocks for
 * LLM runs. Version 1 and 2 manifests still parse (the controls are then absent: default, none).
 */
export const MANIFEST_SCHEMA_VERSION = 3;

export const RunManifestSchema = z.strictObject({
  schema_version: z.union([z.literal(1), z.literal(2), z.literal(MANIFEST_SCHEMA_VERSION)]),
  ...manifestRunHead,
  suite: z.literal('veh'),
  ...manifestTaskSelection,
  query_budget_rule: QueryBudgetRuleSchema,
  query_budget_rule_text: z.string(),
  p3_variant: P3VariantSchema,
  ...manifestRunner,
  ...manifestRunEnd,
  /** LLM runs only. */
  model: ManifestModelSchema.optional(),
  /** LLM runs only: tokens and cost of the finished tasks (cost null when any price is unknown). */
  usage: UsageTotalsSchema.optional(),
  /** Things a reader of the results should know (unknown prices under a cost budget, …). */
  warnings: z.array(z.string()).optional(),
  /** Controlled-prompt condition (Appendix Q); absent (old files): 'default'. */
  control: ControlConditionSchema.optional(),
  /** Named task subset (Appendix D), or null. */
  subset: SubsetIdSchema.nullable().optional(),
  /** Selection–generation audit form (Appendix P), or null for an ordinary run. */
  sg_form: SgFormSchema.nullable().optional(),
  /** CMA-ES query-matched run (Appendix M): the run whose per-task query counts were the budgets. */
  matched_to_run_id: z.string().nullable().optional(),
  /** Matched runs only: task_id → query budget (the source run's agent oracle calls on that task). */
  matched_budgets: z.record(z.string(), z.number().int()).optional(),
});
export type RunManifest = z.infer<typeof RunManifestSchema>;

export interface ManifestInput {
  agent: Agent;
  seed: number;
  p3Variant: P3Variant;
  appVersion: string;
  bankHash: string;
  filters: Record<string, string>;
  taskCount: number;
  oracleBackend: string;
  startedMs: number;
  budget?: EpisodeBudget;
}

/** Deterministic id: start time, agent, seed and a short hash of the filter. */
export function runId(input: ManifestInput): string {
  return runIdOf('veh', input, (filter) => `${filter}|${input.p3Variant}|${input.bankHash}`);
}

/** The run-level controls, read back from the transcripts (every episode of a run records the same ones). */
function runControls(transcripts: readonly Transcript[]) {
  const first = transcripts[0]?.settings;
  const matched: Record<string, number> = {};
  for (const t of transcripts) if (t.settings.matched_to_run_id !== undefined && t.settings.query_budget !== null) matched[t.task.task_id] = t.settings.query_budget;
  return {
    control: first?.control ?? 'default',
    subset: first?.subset ?? null,
    sg_form: first?.sg_form ?? null,
    matched_to_run_id: first?.matched_to_run_id ?? null,
    ...(first?.matched_to_run_id !== undefined ? { matched_budgets: matched } : {}),
  };
}

export function buildManifest(input: ManifestInput, clock: Clock, status: RunManifest['status'], transcripts: readonly Transcript[] = []): RunManifest {
  const rule = budgetRuleFor(input.agent);
  const controls = runControls(transcripts);
  const model = modelBlock(input, transcripts, (t) => t.task.probe);
  const usage = model ? runUsage(transcripts) : null;
  const warnings: string[] = [];
  if (model && usage && usage.unknown_price_replies > 0) {
    warnings.push(
      `no price known for ${model.provider} model "${model.model}": ${usage.unknown_price_replies} replies have cost null, so the run's total cost is null` +
        (model.budget.max_cost_usd !== undefined ? ` and max_cost_usd ($${model.budget.max_cost_usd}) could not limit them` : ''),
    );
  }
  return {
    schema_version: MANIFEST_SCHEMA_VERSION,
    run_id: runId(input),
    app_version: input.appVersion,
    suite: 'veh',
    bank_hash: input.bankHash,
    task_filter: input.filters,
    task_count: input.taskCount,
    agent: { id: input.agent.id, label: input.agent.label, description: input.agent.description, privileged: input.agent.privileged },
    query_budget_rule: rule,
    query_budget_rule_text:
      controls.matched_to_run_id === null
        ? describeBudgetRule(rule)
        : `matched to run ${controls.matched_to_run_id}: each task's budget is that run's query count on it (matched_budgets), all spent, then one query-free turn names the final design`,
    // state_summary_plus runs P3 with the state summary whatever the chosen variant (as the transcripts record).
    p3_variant: p3VariantUnder(controls.control, input.p3Variant),
    seed: input.seed,
    max_retries: DEFAULT_MAX_RETRIES,
    oracle_backend: input.oracleBackend,
    started_at: iso(input.startedMs),
    finished_at: iso(clock()),
    status,
    decoding: DECODING_NOTE,
    ...(model ? { model } : {}),
    ...(usage ? { usage } : {}),
    ...(warnings.length ? { warnings } : {}),
    ...controls,
  };
}
