/** How a library entry is offered in the material pickers: its name, and the wavelengths its data cover. */
import type { MaterialListEntry } from '../../../workers/photonics-api.ts';
import type { MaterialOption } from './schema-form/material-names.ts';

const nm = (x: number): string => String(Number(x.toPrecision(6)));

export function materialOption(entry: MaterialListEntry): MaterialOption {
  const covered = entry.coverage_nm.map((iv) => `${nm(iv.min_nm)}–${nm(iv.max_nm)}`).join(', ');
  return { name: entry.name, detail: `${covered} nm${entry.origin === 'imported' ? ', imported' : ''}` };
}
