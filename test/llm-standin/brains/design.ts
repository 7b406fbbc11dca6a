/**
 * A stand-in "model" for the spec-to-design suite's harvester task: it reads the starter source
 * from the prompt, asks the VEH oracle where the starter resonates, probes the starter with the
 * evaluator, then submits a wider, mass-loaded beam — a designer's first move toward the 60 Hz line —
 * and answers in text. Enough to drive simulator calls, a probe and a submission through a
 * provider's tool-call wire format without a real model.
 */
import type { Brain, BrainMessage } from '../brain.ts';

const starterOf = (user: string): string => /```js\n([\s\S]*?)```/.exec(user)?.[1] ?? '';

export const IMPROVED_HARVESTER = `param('beam_length_mm', 45);
param('beam_width_mm', 30);
param('substrate_thickness_um', 300);
param('piezo_thickness_um', 250);
param('tip_mass_g', 14.3);
param('load_resistance_ohm', 60000);
`;

function lastCall(messages: readonly BrainMessage[], tool: BrainMessage): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const hit = messages[i]?.tool_calls?.find((c) => c.id === tool.tool_call_id) ?? messages[i]?.tool_calls?.find((c) => c.name === tool.tool_call_id);
    if (hit) return hit.name;
  }
  return undefined;
}

export const designHarvesterBrain: Brain = ({ messages, tools }) => {
  const user = messages.find((m) => m.role === 'user')?.content ?? '';
  const starter = starterOf(user);
  const last = messages[messages.length - 1];
  if (last?.role === 'tool') {
    const name = lastCall(messages, last);
    if (name === 'veh_oracle') return { text: 'Checking the starter with the evaluator.', tool_calls: [{ name: 'probe', arguments: { source: starter } }] };
    if (name === 'probe') return { text: 'Loading the tip and widening the beam to move the first mode toward 60 Hz.', tool_calls: [{ name: 'submit', arguments: { source: IMPROVED_HARVESTER } }] };
    return { text: 'Submitted.' };
  }
  if (!tools.includes('veh_oracle') || !tools.includes('probe')) return { text: 'the tools I need are not offered' };
  const design = Object.fromEntries([...starter.matchAll(/param\('(\w+)', ([\d.e+]+)\)/g)].map((m) => [m[1], Number(m[2])]));
  return { text: 'Where does the starter resonate?', tool_calls: [{ name: 'veh_oracle', arguments: { request: { design, excitation: { frequency_hz: 60, acceleration_g: 0.2 }, environment: { piezo_material: 'PZT-5A', substrate_material: 'stainless_steel', damping_ratio: 0.02 } } } }] };
};
