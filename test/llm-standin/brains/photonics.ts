/**
 * A stand-in "model" for the photonics-agent suite's MZI task: it reads the path difference and the
 * indices from the prompt, calls `solve` with an MZI problem, reads the free spectral range from
 * the tool result and calls `submit_answer` with it, then answers in text. Enough to drive a whole
 * tool-use task through each provider's wire format without a real model.
 */
import type { Brain, BrainMessage } from '../brain.ts';

const num = (text: string, re: RegExp): number => Number(re.exec(text)?.[1] ?? NaN);

function callOf(messages: readonly BrainMessage[], tool: BrainMessage): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    const hit = m?.tool_calls?.find((c) => c.id === tool.tool_call_id) ?? m?.tool_calls?.find((c) => c.name === tool.tool_call_id);
    if (hit) return hit.name;
  }
  return undefined;
}

export const photonicsMziBrain: Brain = ({ messages, tools }) => {
  const last = messages[messages.length - 1];
  if (last?.role === 'tool') {
    const name = callOf(messages, last);
    if (name === 'solve') {
      const reply = JSON.parse(last.content) as { result?: { figures?: { fsr_nm?: number } }; error?: string };
      const fsr = reply.result?.figures?.fsr_nm;
      if (fsr === undefined) return { text: `the solve failed: ${reply.error ?? 'no FSR'}` };
      return { tool_calls: [{ name: 'submit_answer', arguments: { values: { fsr_nm: fsr }, declined: false, concerns: ['Dispersion to first order in the group index.'], summary: `FSR ≈ ${fsr.toFixed(2)} nm` } }] };
    }
    return { text: 'Done: the answer is submitted.' };
  }
  const user = messages.find((m) => m.role === 'user')?.content ?? '';
  if (!tools.includes('solve')) return { text: 'no solve tool offered' };
  const dL = num(user, /(\d+(?:\.\d+)?) µm path difference/);
  const neff = num(user, /effective index (\d+(?:\.\d+)?)/);
  const ng = num(user, /group index (\d+(?:\.\d+)?)/);
  const problem = { kind: 'circuit', circuit: { type: 'mzi', arm_length_um: 200, delta_length_um: dL, waveguide: { n_eff: neff, n_g: ng } }, wavelength_range_nm: { start: 1540, stop: 1560, count: 401 } };
  return { text: 'I will simulate the interferometer.', tool_calls: [{ name: 'solve', arguments: { problem } }] };
};
