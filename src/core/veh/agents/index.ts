/** The built-in agents, in the order the page and the CLI list them. */
import type { Agent } from '../../agent/types.ts';
import { cmaes40Agent, cmaes6Agent } from './cmaes-agent.ts';
import { randomAgent } from './random-agent.ts';
import { referenceAgent } from './reference-agent.ts';
import { alwaysProposeAgent, anchorFixedAgent, lastStateAgent } from './simple-agents.ts';

export const BUILTIN_AGENTS: readonly Agent[] = [
  referenceAgent,
  alwaysProposeAgent,
  anchorFixedAgent,
  lastStateAgent,
  randomAgent,
  cmaes6Agent,
  cmaes40Agent,
];

export function getBuiltinAgent(id: string): Agent {
  const agent = BUILTIN_AGENTS.find((a) => a.id === id);
  if (!agent) throw new Error(`unknown agent "${id}"; built-in agents: ${BUILTIN_AGENTS.map((a) => a.id).join(', ')}`);
  return agent;
}
