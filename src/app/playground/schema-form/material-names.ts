import { createContext, useContext } from 'react';

/** One library entry as a material picker offers it. */
export interface MaterialOption {
  /** The name a problem uses, e.g. "Au (Johnson and Christy 1972)". */
  name: string;
  /** Shown beside the name: where the data lie, e.g. "188–1937 nm". */
  detail: string;
}

/** Library entries the material pickers offer (built-in plus imported); provided by the playground page. */
export const MaterialNamesContext = createContext<readonly MaterialOption[]>([]);

export const useMaterialOptions = (): readonly MaterialOption[] => useContext(MaterialNamesContext);
