/**
 * Control blocks of the controlled-prompt audit (Appendix Q). A non-default condition puts one fixed
 * block in front of the probe's standard system prompt; the task payload is unchanged. The blocks
 * are written in our own words after the structure Appendix Q.2 gives for each condition:
 * - neutral: generic step-by-step execution that names no failure mode (controls for length/structure);
 * - targeted: the block aimed at the probe's own boundary (entry triage, bounded edits, skeptical
 *   reset, evaluator discipline);
 * - wrong_boundary: a block for another stage. The paper gives P1 and P2 the P4 evaluator block and
 *   P4 the P2 bounded-edit block. It does not run P3 under this condition; we give P3 the P4 block
 *   too, so every probe has a mismatched block (our choice, recorded here).
 * - state_summary_plus: the targeted block, and for P3 also the verifier-authored state summary in
 *   place of the raw history (the C2 stack). For P1, P2 and P4 it is the same as targeted.
 */
import { z } from 'zod';
import type { Probe } from '../task-schema.ts';
import type { P3Variant } from './prompts.ts';

export const CONTROL_CONDITIONS = ['default', 'neutral', 'targeted', 'wrong_boundary', 'state_summary_plus'] as const;
export const ControlConditionSchema = z.enum(CONTROL_CONDITIONS);
export type ControlCondition = z.infer<typeof ControlConditionSchema>;

/** One-line explanations for the CLI help and the page's Run form. */
export const CONTROL_DESCRIPTIONS: Readonly<Record<ControlCondition, string>> = {
  default: 'the standard prompts, no control block',
  neutral: 'a generic plan-execute-check block that names no failure mode (controls for extra length and structure)',
  targeted: "a block aimed at the probe's own known failure (triage, bounded edits, skeptical reset, evaluator role)",
  wrong_boundary: 'a block written for another stage (P1/P2/P3 get the P4 evaluator block, P4 the P2 bounded-edit block)',
  state_summary_plus: 'the targeted block; P3 also gets the verifier-authored state summary instead of the raw history',
};

export const NEUTRAL_BLOCK = [
  'CONTROL BLOCK: structured execution.',
  'Split the task into steps. For every step, say what you are about to do, do it, and check the outcome',
  'before moving on. Finish every step before you give the final answer.',
].join('\n');

export const TARGETED_BLOCKS: Readonly<Record<Probe, string>> = {
  P1: [
    'CONTROL BLOCK: triage checklist.',
    '1. Name every parameter a sound design decision needs that the specification does not give.',
    '2. Check whether any hard constraints contradict each other.',
    '3. Decide whether some design inside the stated bounds can meet the specification.',
    'Answer propose_design only when all three checks pass; request_missing_info when check 1 fails;',
    'declare_infeasible when check 2 or check 3 fails.',
  ].join('\n'),
  P2: [
    'CONTROL BLOCK: verifier-guided search.',
    '- Change exactly one design variable per turn.',
    '- Keep satisfied constraints satisfied unless the verifier feedback shows a trade-off is unavoidable.',
    '- Work on the most violated constraint first.',
    '- Say which constraint you targeted and whether it got better.',
  ].join('\n'),
  P3: [
    'CONTROL BLOCK: recovery from a corrupted trajectory.',
    'Some earlier steps may have pushed the design the wrong way. Before you act:',
    '1. Work out which way the design moved over the last three steps.',
    '2. Find the best feasible design in the trajectory, if there is one.',
    '3. Say plainly which part of the history you are throwing away.',
    'Continue from the best feasible state, not from the last step.',
  ].join('\n'),
  P4: [
    'CONTROL BLOCK: policy-conditioned evaluation.',
    'Your role is evaluator: do not propose new designs or change the given ones; every candidate is fixed.',
    '1. Read off the policy’s primary objective and any secondary objectives, in priority order.',
    '2. Compare the candidates only on the quantities the policy names.',
    '3. Rank them by that priority order, leaving out preferences the policy does not state.',
  ].join('\n'),
};

/** The mismatched stage whose targeted block each probe gets under wrong_boundary. */
export const WRONG_BOUNDARY_SOURCE: Readonly<Record<Probe, Probe>> = { P1: 'P4', P2: 'P4', P3: 'P4', P4: 'P2' };

/** The block prepended to `probe`'s system prompt under `control`; null for the default condition. */
export function controlBlockFor(control: ControlCondition, probe: Probe): string | null {
  switch (control) {
    case 'default':
      return null;
    case 'neutral':
      return NEUTRAL_BLOCK;
    case 'targeted':
    case 'state_summary_plus':
      return TARGETED_BLOCKS[probe];
    case 'wrong_boundary':
      return TARGETED_BLOCKS[WRONG_BOUNDARY_SOURCE[probe]];
  }
}

/** The P3 form a run uses: state_summary_plus forces the state summary, every other condition keeps the chosen one. */
export function p3VariantUnder(control: ControlCondition, chosen: P3Variant): P3Variant {
  return control === 'state_summary_plus' ? 'state_summary' : chosen;
}

/** The probe's standard system prompt with the control block (if any) in front of it. */
export function withControlBlock(systemPrompt: string, control: ControlCondition, probe: Probe): string {
  const block = controlBlockFor(control, probe);
  return block === null ? systemPrompt : `${block}\n\n${systemPrompt}`;
}
