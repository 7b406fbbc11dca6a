/**
 * VEHBench's CLI flags: the P3 prompt form and the audit controls (Finding 3, Appendices D, M, P,
 * Q: --control, --subset, --sg-form, --sg-groups, --agent cmaes-matched --match-run DIR), and the
 * projected cost of a model run.
 */
import { UsageError } from '../args.ts';
import { CONTROL_FLAGS, parseControlArgs, selectRunTasks, type MatchSource } from '../commands/run-controls.ts';
import { readResultsFile, readTranscripts } from '../../src/adapters/node/run-files.ts';
import { CMAES_MATCHED_ID, cmaesMatchedAgent } from '../../src/core/veh/agents/cmaes-matched.ts';
import { projectRunCost } from '../../src/core/veh/projection.ts';
import { P3VariantSchema } from '../../src/core/veh/protocol/prompts.ts';
import { SG_REFERENCE_ID, sgReferenceAgent } from '../../src/core/veh/protocol/sg-reference-agent.ts';
import type { VehResolvedOptions } from '../../src/core/veh/run/run-veh.ts';
import type { VehTask } from '../../src/core/veh/task-schema.ts';
import type { CliSuitePlugin } from './types.ts';

/** The run a cmaes-matched run copies its budgets from: results.json's run id and the transcripts. */
async function readMatchSource(dir: string): Promise<MatchSource> {
  const results = await readResultsFile(dir);
  if (!results) throw new UsageError(`--match-run ${dir}: no results.json there (give a run folder written by \`proving-ground run\`)`);
  return { runId: results.manifest.run_id, transcripts: await readTranscripts(dir) };
}

export function parseP3Variant(value: string | undefined) {
  const variant = P3VariantSchema.safeParse(value ?? 'raw_history');
  if (!variant.success) throw new UsageError(`--p3-variant must be ${P3VariantSchema.options.join(' or ')}`);
  return variant.data;
}

export const vehCli: CliSuitePlugin<VehTask, VehResolvedOptions> = {
  flags: { 'p3-variant': { type: 'string' }, ...CONTROL_FLAGS },
  usage: [
    '[--p3-variant raw_history|state_summary]',
    '[--control default|neutral|targeted|wrong-boundary|state-summary-plus] [--subset appendix-d] [--sg-form A|B|C [--sg-groups N]]',
    'CMA-ES under another run’s query counts: --agent cmaes-matched --match-run DIR',
  ],
  check(values, { agentId, facets }) {
    parseP3Variant(values['p3-variant'] as string | undefined);
    parseControlArgs(values as Parameters<typeof parseControlArgs>[0], { agent: agentId, probe: facets.probe ?? null });
  },
  agent(id, values) {
    if (id === CMAES_MATCHED_ID) return cmaesMatchedAgent;
    if (id === SG_REFERENCE_ID && values['sg-form'] !== undefined) return sgReferenceAgent;
    return null;
  },
  async select({ values, agentId, modelRun, bank, filtered }) {
    const p3Variant = parseP3Variant(values['p3-variant'] as string | undefined);
    const controls = parseControlArgs(values as Parameters<typeof parseControlArgs>[0], { agent: agentId, probe: typeof values.probe === 'string' ? values.probe.toUpperCase() : null });
    let match: MatchSource | null = null;
    if (controls.matchRun !== null) {
      try {
        match = await readMatchSource(controls.matchRun);
      } catch (e) {
        throw e instanceof UsageError ? e : new UsageError(`--match-run ${controls.matchRun}: ${(e as Error).message}`);
      }
    }
    const selection = selectRunTasks(filtered, controls, match, bank);
    const warnings = [...selection.warnings];
    if (controls.sgForm !== null && !modelRun && agentId !== SG_REFERENCE_ID) {
      warnings.push(
        `built-in agents answer only the P1–P4 formats, so ${agentId ?? 'this agent'}'s SG form ${controls.sgForm} episodes end in errors; SG forms are meant for models (--provider … --model …); --agent ${SG_REFERENCE_ID} calibrates them`,
      );
    }
    return { tasks: selection.tasks, options: { p3Variant, controls: selection.controls }, filters: selection.filters, warnings };
  },
  project: (tasks, settings, prices, options) => projectRunCost(tasks, settings, prices, { p3Variant: options.p3Variant }),
};
