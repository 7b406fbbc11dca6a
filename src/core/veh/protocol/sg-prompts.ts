/**
 * Prompts of the three SG forms (Appendix P). All three show the same task context as P2 (variables,
 * bounds, operating point, materials, constraints with their meaning); only the answer regime
 * differs. Hidden facts (which candidate is gold, the gold values of masked variables) never appear.
 */
import type { ChatMessage } from '../../agent/types.ts';
import type { OracleResult, Limits } from '../oracle.ts';
import type { P2Task } from '../task-schema.ts';
import { payloadJson } from './payload-json.ts';
import { designContext } from './prompts.ts';
import { DRAW_DIGITS, type SgForm, type SgGroup } from './sg-forms.ts';
import { verifierResponse } from './verifier-response.ts';

const ROLE = 'You are an engineering design agent for piezoelectric cantilever vibration energy harvesters (VEH).';
const UNITS = 'All values are plain numbers in the units of the variable names (mm, µm, g, Ω) and must lie inside variable_bounds.';

export const SG_SYSTEM_PROMPTS: Readonly<Record<SgForm, string>> = {
  A: [
    ROLE,
    'You are given a design task and five candidate designs. Exactly one candidate meets every constraint.',
    'Pick it. You cannot query the verifier; your pick is checked once.',
    'Answer with one JSON object and nothing else:',
    '{"choice": "<candidate id>", "reason": "<brief justification>"}',
  ].join('\n'),
  B: [
    ROLE,
    'You are given a design task and a seed design that narrowly misses the constraints, with the verifier’s',
    'response for it. Write one design that meets every constraint. You cannot query the verifier; your design is checked once.',
    UNITS,
    'Answer with one JSON object and nothing else:',
    '{"design": {"beam_length_mm": <number>, "beam_width_mm": <number>, "substrate_thickness_um": <number>, "piezo_thickness_um": <number>, "tip_mass_g": <number>, "load_resistance_ohm": <number>}, "reason": "<brief justification>"}',
  ].join('\n'),
  C: [
    ROLE,
    'You are given a design task and a design with some variables masked. Choose values for the masked variables',
    'so that the completed design meets every constraint. You cannot query the verifier; the completed design is checked once.',
    UNITS,
    'Answer with one JSON object and nothing else:',
    '{"values": {"<masked variable>": <number>, ...}, "reason": "<brief justification>"}',
  ].join('\n'),
};

export const SG_FORMAT_HINTS: Readonly<Record<SgForm, string>> = {
  A: 'Use {"choice": "<candidate id>", "reason": "..."}.',
  B: 'Use {"design": {<six design variables as numbers>}, "reason": "..."}.',
  C: 'Use {"values": {<each masked variable as a number>}, "reason": "..."}.',
};

function shownAtDrawDigits(design: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(design).map(([k, v]) => [k, Number(v.toPrecision(DRAW_DIGITS))]));
}

const TASK_LINE = 'The design must meet every constraint below; among feasible designs, higher load_power_uw is better but feasibility decides success.';

export function sgPayload(task: P2Task, group: SgGroup, form: SgForm, seedResult: OracleResult, limits: Limits): Record<string, unknown> {
  const base = { probe: 'SG', form, task: TASK_LINE, ...designContext(task) };
  switch (form) {
    case 'A':
      // Every candidate is shown at DRAW_DIGITS significant digits. A fallback gold (the BKF, which can
      // need up to 8 digits to stay feasible) would otherwise be the only long-numbered candidate and
      // give itself away; the pick is by id, so the harness still checks the exact stored design.
      return { ...base, candidates: group.pool.map((c) => ({ id: c.id, design: shownAtDrawDigits(c.design) })) };
    case 'B':
      return { ...base, seed_design: group.seed, seed_verifier_response: verifierResponse(seedResult, limits, task.excitation_context.frequency_hz) };
    case 'C': {
      const partial: Record<string, number | null> = {};
      for (const [k, v] of Object.entries(group.gold)) partial[k] = group.masked.includes(k as (typeof group.masked)[number]) ? null : v;
      return { ...base, partial_design: partial, masked_variables: group.masked };
    }
  }
}

export function sgOpening(task: P2Task, group: SgGroup, form: SgForm, seedResult: OracleResult, limits: Limits): ChatMessage[] {
  return [
    { role: 'system', content: SG_SYSTEM_PROMPTS[form] },
    { role: 'user', content: payloadJson(sgPayload(task, group, form, seedResult, limits)) },
  ];
}
