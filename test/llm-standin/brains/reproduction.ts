/**
 * A stand-in "model" for the paper-reproduction suite's ring task: it writes a package that solves
 * the three rings and tables the measured FSR beside λ²/(n_g L), runs it in the development
 * sandbox, then submits it and answers in text. It keeps no convergence record and no resonance
 * table, so the grade is Partial — enough to drive file, run and submit calls through a provider's
 * tool-call wire format without a real model.
 */
import type { Brain, BrainMessage } from '../brain.ts';

export const STANDIN_RING_WORKFLOW = `const rows = [10, 20, 40].map((r) => {
  const res = oracle.solve({ kind: 'circuit', circuit: { type: 'ring_all_pass', radius_um: r, waveguide: { n_eff: 2.4, n_g: 4.2, loss_db_per_cm: 3 }, coupling: { power_coupling: 0.05 } }, wavelength_range_nm: { start: 1540, stop: 1560, count: 4001 } });
  return [r, res.figures.fsr_nm, (1550 * 1550) / (4.2 * 2 * Math.PI * r * 1000)];
});
artifact.table('fsr', ['radius_um', 'fsr_nm', 'formula_nm'], rows);
console.log('FSR: ' + rows.map((x) => x[1]).join(', '));
`;

function lastToolName(messages: readonly BrainMessage[], tool: BrainMessage): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const hit = messages[i]?.tool_calls?.find((c) => c.id === tool.tool_call_id) ?? messages[i]?.tool_calls?.find((c) => c.name === tool.tool_call_id);
    if (hit) return hit.name;
  }
  return undefined;
}

export const reproductionRingBrain: Brain = ({ messages, tools }) => {
  const last = messages[messages.length - 1];
  if (last?.role === 'tool') {
    const name = lastToolName(messages, last);
    if (name === 'write_file') return { text: 'Running the package in the development sandbox.', tool_calls: [{ name: 'run', arguments: {} }] };
    if (name === 'run') return { text: 'The replay completed; submitting.', tool_calls: [{ name: 'submit', arguments: {} }] };
    return { text: 'Submitted.' };
  }
  if (!['write_file', 'run', 'submit'].every((t) => tools.includes(t))) return { text: 'the tools I need are not offered' };
  return { text: 'Writing the workflow.', tool_calls: [{ name: 'write_file', arguments: { path: 'reproduce.js', text: STANDIN_RING_WORKFLOW } }] };
};
