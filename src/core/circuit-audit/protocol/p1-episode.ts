/** Circuit P1 triage: one prompt, one action (the VEH N.2 protocol on a circuit specification). */
import type { CircuitP1Task } from '../task-schema.ts';
import type { CircuitEpisode } from './episode-loop.ts';
import { interpretP1 } from './interpret.ts';
import { FORMAT_HINTS, buildCircuitOpening } from './prompts.ts';

export async function runCircuitP1(ep: CircuitEpisode, task: CircuitP1Task): Promise<void> {
  ep.say(...buildCircuitOpening(task));
  const reply = await ep.ask(interpretP1, FORMAT_HINTS.P1);
  if (!reply.ok) {
    ep.failParse(1, reply.problem, null, 'action', { missing_fields: [] });
    return;
  }
  const d = reply.value;
  ep.act({ step: 1, action: d.action, protocol_valid: true, invalid_reason: null, design: null, evaluated: false, reason: d.reason, missing_fields: d.missing_fields });
  ep.end('completed', null, `action ${d.action}`);
}
