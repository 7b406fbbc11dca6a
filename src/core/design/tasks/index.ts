/** Every spec-to-design task, Design family first, in bank order. */
import type { AnyDesignTask } from '../task.ts';
import { arCoating, braggMirror } from './thin-film.ts';
import { erturkInmanBimorph, erturkInmanPzt5hBimorph, erturkInmanUnimorph, spectrumHarvester } from './harvester.ts';
import { thermoOpticPhaseShifter } from './phase-shifter.ts';
import { gmrFilter, lockhartKingQhq, oldenburgNanoshell, plasmonicNanoantenna, thinFilmAbsorber } from './free-space.ts';
import { bogaertsRing, fanJoannopoulosSlab, phcBandgap, ringAddDrop, rlcFilter } from './resonators.ts';
import { modeConverter, waveguideBend, waveguideCrossing, zhangYJunction } from './fdfd-devices.ts';
import { directionalCoupler, mmi1x2, mmi2x2, soldanoMmi1x4, soldanoMmi2x2 } from './integrated-eme.ts';

export const DESIGN_TASKS: readonly AnyDesignTask[] = [
  braggMirror,
  arCoating,
  thermoOpticPhaseShifter,
  spectrumHarvester,
  thinFilmAbsorber,
  gmrFilter,
  plasmonicNanoantenna,
  ringAddDrop,
  phcBandgap,
  rlcFilter,
  waveguideBend,
  waveguideCrossing,
  modeConverter,
  mmi1x2,
  mmi2x2,
  directionalCoupler,
  erturkInmanUnimorph,
  erturkInmanBimorph,
  erturkInmanPzt5hBimorph,
  oldenburgNanoshell,
  lockhartKingQhq,
  bogaertsRing,
  fanJoannopoulosSlab,
  zhangYJunction,
  soldanoMmi2x2,
  soldanoMmi1x4,
];

export function designTask(id: string): AnyDesignTask {
  const t = DESIGN_TASKS.find((x) => x.task_id === id);
  if (!t) throw new Error(`no design task "${id}"; known: ${DESIGN_TASKS.map((x) => x.task_id).join(', ')}`);
  return t;
}
