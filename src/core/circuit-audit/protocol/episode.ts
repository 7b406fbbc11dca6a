/** Runs the protocol of a circuit task's probe; the episode's events are the transcript. */
import type { CircuitTask } from '../task-schema.ts';
import type { P3Variant } from '../../veh/protocol/prompts.ts';
import type { CircuitEpisode } from './episode-loop.ts';
import { runCircuitP1 } from './p1-episode.ts';
import { runCircuitP2 } from './p2-episode.ts';
import { runCircuitP3 } from './p3-episode.ts';
import { runCircuitP4 } from './p4-episode.ts';

export function runCircuitProtocol(ep: CircuitEpisode, task: CircuitTask, p3Variant: P3Variant = 'raw_history'): Promise<void> {
  switch (task.probe) {
    case 'P1':
      return runCircuitP1(ep, task);
    case 'P2':
      return runCircuitP2(ep, task);
    case 'P3':
      return runCircuitP3(ep, task, p3Variant);
    case 'P4':
      return runCircuitP4(ep, task);
  }
}
