/**
 * One SG-form episode (Appendix P) on a P2 task: the harness screens designs around the BKF to build
 * the group (logged harness calls, so `verify` re-executes them), evaluates the gold and the near-feasible
 * seed as the episode's 'initial' state, asks once (with the usual corrective retries), and checks
 * the answer with one oracle query at step 1. The transcript then derives to an ordinary P2 row whose
 * final state is the checked answer (or the infeasible seed when there is no usable answer); see
 * sgSuccess in sg-forms.ts.
 */
import type { FinalRef } from './events.ts';
import type { Interpretation } from '../../agent/loop.ts';
import type { VehEpisode } from './episode-loop.ts';
import type { JsonObject } from '../../agent/parse-json.ts';
import type { VehDesign } from '../oracle.ts';
import type { P2Task } from '../task-schema.ts';
import { normalizeDesignFields, normalizeTopLevel } from './aliases.ts';
import { checkDesign } from './design-check.ts';
import { GOLD_PRECISIONS, bkfAt, buildSgGroup, needsFallbackGold, screeningDesigns, type SgForm, type SgGroup } from './sg-forms.ts';
import { SG_FORMAT_HINTS, sgOpening } from './sg-prompts.ts';
import { requestBuilder } from './task-oracle.ts';

const SEED: FinalRef = { source: 'initial', step: null };

export const SG_ACTIONS: Readonly<Record<SgForm, string>> = { A: 'select', B: 'generate', C: 'complete' };

const reasonOf = (obj: JsonObject): string | null => (typeof obj.reason === 'string' ? obj.reason : null);

interface SgAnswer {
  /** The design to check, or why the (well-formed) answer names none. */
  design: { ok: true; fields: JsonObject } | { ok: false; reason: string };
  reason: string | null;
}

/** Reads a reply in the form's format; only malformed replies are retried, a wrong answer is scored. */
export function interpretSgAnswer(raw: JsonObject, form: SgForm, group: SgGroup): Interpretation<SgAnswer> {
  const top = normalizeTopLevel(raw);
  if (!top.ok) return { ok: false, problem: top.error };
  const obj = top.value;
  const reason = reasonOf(obj);
  switch (form) {
    case 'A': {
      if (typeof obj.choice !== 'string') return { ok: false, problem: 'the reply has no "choice" string naming a candidate id' };
      const id = obj.choice.trim();
      const pick = group.pool.find((c) => c.id === id);
      return {
        ok: true,
        value: { design: pick ? { ok: true, fields: { ...pick.design } } : { ok: false, reason: `"${id}" is not a candidate id` }, reason },
      };
    }
    case 'B': {
      const design = normalizeDesignFields(obj.design);
      if (!design.ok) return { ok: false, problem: design.error };
      return { ok: true, value: { design: { ok: true, fields: design.value }, reason } };
    }
    case 'C': {
      const values = normalizeDesignFields(obj.values);
      if (!values.ok) return { ok: false, problem: values.error.replace('"design"', '"values"') };
      const missing = group.masked.filter((v) => values.value[v] === undefined);
      if (missing.length > 0) return { ok: false, problem: `"values" lacks ${missing.join(', ')}` };
      const fields: JsonObject = { ...group.gold };
      for (const v of group.masked) fields[v] = values.value[v] ?? null;
      return { ok: true, value: { design: { ok: true, fields }, reason } };
    }
  }
}

export async function runSgForm(loop: VehEpisode, task: P2Task, form: SgForm): Promise<void> {
  const { requestFor, limits } = requestBuilder(task, task.reference.bkf.design);
  const screened = [];
  for (const design of screeningDesigns(task)) {
    screened.push(await loop.evaluate(requestFor(design), { step: null, purpose: 'harness', label: 'sg_screen' }));
  }
  let fallback: VehDesign | null = null;
  if (needsFallbackGold(screened)) {
    // The BKF at the fewest digits that keep it feasible (exact as the last resort).
    for (const digits of GOLD_PRECISIONS) {
      fallback = bkfAt(task, digits);
      if ((await loop.evaluate(requestFor(fallback), { step: null, purpose: 'harness', label: 'sg_gold_try' })).feasible) break;
    }
  }
  const group = buildSgGroup(task, screened, limits, fallback);
  await loop.evaluate(requestFor(group.gold), { step: null, purpose: 'harness', label: 'sg_gold' });
  const seedResult = await loop.evaluate(requestFor(group.seed), { step: null, purpose: 'harness', label: 'initial' });

  loop.say(...sgOpening(task, group, form, seedResult, limits));
  const reply = await loop.ask((o) => interpretSgAnswer(o, form, group), SG_FORMAT_HINTS[form]);
  if (!reply.ok) {
    loop.failParse(1, reply.problem, SEED, 'answer');
    return;
  }
  const action = SG_ACTIONS[form];
  const answer = reply.value;
  const check = answer.design.ok ? checkDesign(answer.design.fields, task.variable_bounds) : answer.design;
  if (!check.ok) {
    loop.act({ step: 1, action, protocol_valid: false, invalid_reason: check.reason, design: null, evaluated: false, reason: answer.reason });
    loop.end('completed', SEED, `answer not checked: ${check.reason}`);
    return;
  }
  const design: VehDesign = check.design;
  loop.act({ step: 1, action, protocol_valid: true, invalid_reason: null, design, evaluated: true, reason: answer.reason });
  const result = await loop.evaluate(requestFor(design), { step: 1, purpose: 'agent', label: 'query' });
  loop.end('completed', { source: 'step', step: 1 }, result.feasible ? 'the checked design is feasible' : 'the checked design is infeasible');
}
