// A model run's tool calls are checked against the replies that made them: a logged call whose
// arguments differ from what the model sent, a call no reply made, and validated arguments that are
// not the parse of the sent text are each a mismatch naming the event and the field.
import { describe, expect, it } from 'vitest';
import type { EventCore } from '../agent/events.ts';
import { toolCallDiffs } from './rederive-tool.ts';

const reply = (calls: { id: string; name: string; arguments_text: string }[]) => ({ type: 'reply', t_ms: 0, tool_calls: calls }) as unknown as EventCore;
const call = (id: string, name: string, text: string, args: unknown = JSON.parse(text)) => ({ type: 'tool_call', t_ms: 0, step: 1, call_id: id, name, arguments_text: text, arguments: args, valid: true, error: null, result: null, duration_ms: 0 }) as unknown as EventCore;

describe('toolCallDiffs', () => {
  const sent = '{"request":{"design":{"beam_length_mm":30}}}';
  it('accepts calls that are exactly what the reply sent', () => {
    expect(toolCallDiffs([reply([{ id: 'c1', name: 'veh_oracle', arguments_text: sent }]), call('c1', 'veh_oracle', sent)])).toEqual([]);
  });
  it('names a logged call whose argument text differs from what the model sent', () => {
    const forged = sent.replace('30', '45');
    const d = toolCallDiffs([reply([{ id: 'c1', name: 'veh_oracle', arguments_text: sent }]), call('c1', 'veh_oracle', forged)]);
    expect(d.map((x) => x.path)).toContain('events[1].arguments_text');
  });
  it('names validated arguments that are not the parse of the sent text', () => {
    const d = toolCallDiffs([reply([{ id: 'c1', name: 'veh_oracle', arguments_text: sent }]), call('c1', 'veh_oracle', sent, { request: { design: { beam_length_mm: 45 } } })]);
    expect(d.some((x) => x.path.startsWith('events[1].arguments'))).toBe(true);
  });
  it('names a call no reply made, and a reply call logged twice', () => {
    expect(toolCallDiffs([reply([]), call('c9', 'probe', '{"source":"x"}')])[0]).toMatchObject({ path: 'events[1].call_id' });
    const twice = toolCallDiffs([reply([{ id: 'c1', name: 'probe', arguments_text: '{}' }]), call('c1', 'probe', '{}'), call('c1', 'probe', '{}')]);
    expect(twice.map((x) => x.path)).toEqual(['events[2].call_id']);
  });
});
