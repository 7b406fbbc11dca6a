/**
 * The unit-test brain. A user message of the form `call <tool> <json-args>` makes it call that
 * tool (when the tool is offered); once the tool's result comes back it answers
 * `<tool> returned: <result>`; anything else is echoed as `echo: <message>`. That is enough to
 * drive a full tool round trip through each provider's format.
 */
import type { Brain, BrainMessage } from '../brain.ts';

const CALL = /^call\s+([A-Za-z_][\w-]*)\s*(.*)$/s;

function lastOf(messages: readonly BrainMessage[], role: BrainMessage['role']): BrainMessage | undefined {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]?.role === role) return messages[i];
  return undefined;
}

export const echoBrain: Brain = ({ messages, tools }) => {
  const last = messages[messages.length - 1];
  if (last?.role === 'tool') {
    // Name the tool from the assistant's call with this id (Gemini links results by name only).
    const assistant = lastOf(messages, 'assistant');
    const call = assistant?.tool_calls?.find((c) => c.id === last.tool_call_id) ?? assistant?.tool_calls?.find((c) => c.name === last.tool_call_id);
    return { text: `${call?.name ?? last.tool_call_id ?? 'tool'} returned: ${last.content}` };
  }
  const user = lastOf(messages, 'user')?.content ?? '';
  const m = CALL.exec(user.trim());
  if (m?.[1] !== undefined && tools.includes(m[1])) {
    const argsText = (m[2] ?? '').trim();
    let args: unknown = {};
    if (argsText !== '') {
      try {
        args = JSON.parse(argsText);
      } catch {
        return { text: `echo: cannot parse the arguments for ${m[1]}: ${argsText}` };
      }
    }
    return { tool_calls: [{ name: m[1], arguments: args }] };
  }
  return { text: `echo: ${user}` };
};
