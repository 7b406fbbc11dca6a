/**
 * Short names. A material name ("Au") resolves to one dataset when the library has only one for that
 * material, or to the default chosen here where there are several and one is the common choice; the
 * resolved index then carries a warning naming the dataset used. Where the datasets cover different
 * ranges and none is a sensible default (Si, GaAs, TiO2, birefringent LiNbO3), the short name is
 * ambiguous and resolving it is an error that lists the datasets with their ranges.
 */

/** Default dataset (built-in file) for materials with several datasets. */
export const DEFAULT_DATASET_FILES: Readonly<Record<string, string>> = {
  // Johnson & Christy (1972) is the most used set for noble-metal plasmonics (188–1937 nm).
  Au: 'Au__Johnson.yml',
  Ag: 'Ag__Johnson.yml',
  Cu: 'Cu__Johnson.yml',
  // Malitson's Sellmeier fit is the standard for fused silica from the UV to the mid-IR.
  SiO2: 'SiO2__Malitson.yml',
  // Hale & Querry cover 0.2–200 µm with k; Daimon & Masumura are n only, 182–1129 nm.
  H2O: 'H2O__Hale.yml',
  // Luke et al. (stoichiometric LPCVD film, 310–5504 nm) is the usual integrated-photonics choice.
  Si3N4: 'Si3N4__Luke.yml',
};

/** Common words for materials, mapped to the database's material names. */
export const MATERIAL_SYNONYMS: Readonly<Record<string, string>> = {
  gold: 'Au',
  silver: 'Ag',
  copper: 'Cu',
  aluminium: 'Al',
  aluminum: 'Al',
  chromium: 'Cr',
  titanium: 'Ti',
  platinum: 'Pt',
  tungsten: 'W',
  silicon: 'Si',
  germanium: 'Ge',
  silica: 'SiO2',
  'fused silica': 'SiO2',
  water: 'H2O',
  'silicon nitride': 'Si3N4',
  sapphire: 'Al2O3',
  'gallium arsenide': 'GaAs',
  'indium phosphide': 'InP',
  'lithium niobate': 'LiNbO3',
  'magnesium fluoride': 'MgF2',
  hafnia: 'HfO2',
  'hafnium dioxide': 'HfO2',
  tantala: 'Ta2O5',
  'tantalum pentoxide': 'Ta2O5',
  titania: 'TiO2',
  'titanium dioxide': 'TiO2',
  'zinc oxide': 'ZnO',
  'poly(methyl methacrylate)': 'PMMA',
};
