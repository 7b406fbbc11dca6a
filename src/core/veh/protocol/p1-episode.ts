/** P1 triage (Appendix N.2): one prompt, one action. */
import type { EpisodeLoop } from '../../agent/loop.ts';
import type { P1Task } from '../task-schema.ts';
import { interpretP1 } from './interpret.ts';
import { FORMAT_HINTS, buildEpisodeOpening } from './prompts.ts';

export async function runP1(loop: EpisodeLoop, task: P1Task): Promise<void> {
  loop.say(...buildEpisodeOpening(task));
  const reply = await loop.ask(interpretP1, FORMAT_HINTS.P1);
  if (!reply.ok) {
    loop.act({
      step: 1,
      action: null,
      protocol_valid: false,
      invalid_reason: `parse failure: ${reply.problem}`,
      design: null,
      evaluated: false,
      reason: null,
      missing_fields: [],
    });
    loop.end('parse_failure', null, 'no usable action after the retries');
    return;
  }
  const d = reply.value;
  loop.act({
    step: 1,
    action: d.action,
    protocol_valid: true,
    invalid_reason: null,
    design: null,
    evaluated: false,
    reason: d.reason,
    missing_fields: d.missing_fields,
  });
  loop.end('completed', null, `action ${d.action}`);
}
