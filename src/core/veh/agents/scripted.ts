/**
 * Frame for the built-in agents. They answer through the same loop as an LLM, with JSON text, and
 * read only the messages they are sent (the opening payload and the latest turn payload); only a
 * privileged agent also reads ctx.task. Each session is fresh per task.
 */
import type { JsonObject } from '../../agent/parse-json.ts';
import type { AgentDescriptor, AgentReply, AgentSession, ChatMessage, EpisodeContext } from '../../agent/types.ts';
import type { BudgetedAgent } from '../protocol/budget.ts';
import type { Probe } from '../task-schema.ts';
import { parsePayload, probeOf } from './payload.ts';

export interface TurnView {
  probe: Probe;
  opening: JsonObject;
  /** The latest turn payload; null when answering the opening. */
  latest: JsonObject | null;
  /** Replies given so far in this episode. */
  turn: number;
}

/** A per-episode policy: one JSON object per turn. */
export type Strategy = (view: TurnView) => JsonObject;

export interface ScriptedAgentSpec extends AgentDescriptor {
  queryBudgetOverride?: number;
  strategy(ctx: EpisodeContext): Strategy;
}

class ScriptedSession implements AgentSession {
  private opening: JsonObject | null = null;
  private probe: Probe | null = null;
  private turn = 0;
  private lastText = '{}';
  constructor(private readonly strategy: Strategy) {}

  respond(messages: readonly ChatMessage[]): Promise<AgentReply> {
    if (this.opening === null) {
      const first = messages.find((m) => m.role === 'user');
      this.opening = first ? parsePayload(first.content) : null;
      if (this.opening === null) return Promise.reject(new Error('scripted agent: the opening message is not a JSON payload'));
      this.probe = probeOf(this.opening);
      return Promise.resolve(this.answer(null));
    }
    const lastMessage = messages[messages.length - 1];
    const latest = lastMessage?.role === 'user' ? parsePayload(lastMessage.content) : null;
    // A corrective (prose) message after a malformed reply: answer the same again rather than
    // advancing a stateful strategy twice for one turn.
    if (latest === null) return Promise.resolve({ text: this.lastText });
    return Promise.resolve(this.answer(latest));
  }

  private answer(latest: JsonObject | null): AgentReply {
    const reply = this.strategy({ probe: this.probe as Probe, opening: this.opening as JsonObject, latest, turn: this.turn });
    this.turn++;
    this.lastText = JSON.stringify(reply);
    return { text: this.lastText };
  }
}

export function scriptedAgent(spec: ScriptedAgentSpec): BudgetedAgent {
  const { strategy, ...descriptor } = spec;
  return {
    ...descriptor,
    start: (ctx) => new ScriptedSession(strategy(ctx)),
  };
}

/** One stateless answer per probe: the shape every calibration baseline of both probe suites has. */
export type ProbeAnswers = { readonly [P in Probe]: Strategy };

/** A strategy that answers each probe with its own stateless rule. */
export const byProbe =
  (answers: ProbeAnswers): ScriptedAgentSpec['strategy'] =>
  () =>
  (v) =>
    answers[v.probe](v);
