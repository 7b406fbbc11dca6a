/** Every spec-to-design task, Design family first, in bank order. */
import type { AnyDesignTask } from '../task.ts';
import { arCoating, braggMirror } from './thin-film.ts';
import { erturkInmanUnimorph, spectrumHarvester } from './harvester.ts';
import { thermoOpticPhaseShifter } from './phase-shifter.ts';
import { directionalCoupler, mmi1x2, mmi2x2, soldanoMmi1x4, soldanoMmi2x2 } from './integrated-eme.ts';

export const DESIGN_TASKS: readonly AnyDesignTask[] = [braggMirror, arCoating, thermoOpticPhaseShifter, spectrumHarvester, mmi1x2, mmi2x2, directionalCoupler, erturkInmanUnimorph, soldanoMmi2x2, soldanoMmi1x4];

export function designTask(id: string): AnyDesignTask {
  const t = DESIGN_TASKS.find((x) => x.task_id === id);
  if (!t) throw new Error(`no design task "${id}"; known: ${DESIGN_TASKS.map((x) => x.task_id).join(', ')}`);
  return t;
}
