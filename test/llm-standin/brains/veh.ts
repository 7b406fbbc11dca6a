/**
 * A brain that plays the VEH benchmark protocol, so real VEH tasks run end to end through any
 * provider's wire format. It wraps a non-privileged built-in scripted agent, chosen by the model
 * id (`veh-anchor-fixed` → the anchor-fixed agent). Those agents read only the opening payload and
 * the latest turn payload, so each request is answered by replaying the conversation into a fresh
 * session: the stand-in keeps no state between requests, like a real endpoint.
 */
import type { ChatMessage } from '../../../src/core/agent/types.ts';
import { getBuiltinAgent } from '../../../src/core/veh/agents/index.ts';
import type { Brain } from '../brain.ts';

/** Agents whose answer depends only on the opening and the latest payload (no RNG, no search state). */
export const VEH_BRAIN_AGENTS = ['anchor-fixed', 'always-propose', 'last-state'] as const;
export type VehBrainAgent = (typeof VEH_BRAIN_AGENTS)[number];

export const VEH_MODEL_PREFIX = 'veh-';
/** The model ids the VEH brain answers to. */
export const VEH_MODELS: readonly string[] = VEH_BRAIN_AGENTS.map((a) => `${VEH_MODEL_PREFIX}${a}`);

function agentFor(model: string): VehBrainAgent | null {
  const id = model.startsWith(VEH_MODEL_PREFIX) ? model.slice(VEH_MODEL_PREFIX.length) : model;
  return (VEH_BRAIN_AGENTS as readonly string[]).includes(id) ? (id as VehBrainAgent) : null;
}

export const vehBrain: Brain = async ({ model, messages }) => {
  const agentId = agentFor(model);
  if (agentId === null) return { text: `stand-in: model "${model}" is not a VEH brain model (${VEH_MODELS.join(', ')})` };
  const agent = getBuiltinAgent(agentId);
  // Tool messages have no place in the VEH protocol (its agents answer with JSON text).
  const chat: ChatMessage[] = messages.flatMap((m) => (m.role === 'tool' ? [] : [{ role: m.role, content: m.content }]));
  const firstUser = chat.findIndex((m) => m.role === 'user');
  if (firstUser === -1) return { text: 'stand-in: no user message to answer' };
  const signal = new AbortController().signal;
  // Non-privileged agents never read the task or draw from the RNG; both are placeholders.
  const session = agent.start({ task: null, rng: { next: () => 0.5 }, signal });
  try {
    let reply = await session.respond(chat.slice(0, firstUser + 1), signal);
    if (chat.length - 1 > firstUser && chat[chat.length - 1]?.role === 'user') reply = await session.respond(chat, signal);
    return { text: reply.text };
  } catch (e) {
    // Answer in words rather than fail the request: the harness then counts it as the model's malformed reply.
    return { text: `stand-in ${agentId} could not answer: ${e instanceof Error ? e.message : String(e)}` };
  }
};
