/** P1 triage (Appendix N.2): one prompt, one action. */
import type { VehEpisode } from './episode-loop.ts';
import type { P1Task } from '../task-schema.ts';
import { interpretP1 } from './interpret.ts';
import type { ControlCondition } from './control-blocks.ts';
import { FORMAT_HINTS, buildEpisodeOpening } from './prompts.ts';

export async function runP1(loop: VehEpisode, task: P1Task, control: ControlCondition = 'default'): Promise<void> {
  loop.say(...buildEpisodeOpening(task, { control }));
  const reply = await loop.ask(interpretP1, FORMAT_HINTS.P1);
  if (!reply.ok) {
    loop.failParse(1, reply.problem, null, 'action', { missing_fields: [] });
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
