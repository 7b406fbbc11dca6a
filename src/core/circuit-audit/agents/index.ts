/** The built-in circuit agents, in the order the CLI lists them. */
import type { Agent } from '../../agent/types.ts';
import { circuitAlwaysProposeAgent, circuitLastStateAgent } from './baseline-agents.ts';
import { circuitRandomAgent } from './random-agent.ts';
import { circuitReferenceAgent } from './reference-agent.ts';

export const CIRCUIT_AGENTS: readonly Agent[] = [circuitReferenceAgent, circuitAlwaysProposeAgent, circuitLastStateAgent, circuitRandomAgent];

export function getCircuitAgent(id: string): Agent {
  const agent = CIRCUIT_AGENTS.find((a) => a.id === id);
  if (!agent) throw new Error(`unknown circuit agent "${id}"; built-in circuit agents: ${CIRCUIT_AGENTS.map((a) => a.id).join(', ')}`);
  return agent;
}
