/**
 * The photonics material library. Construct one per process (CLI) or per worker:
 * `const materials = createMaterialLibrary();` — it is synchronous, needs no fs or fetch, and loads
 * the built-in datasets from a JSON module bundled with the code.
 */
export { createMaterialLibrary, type MaterialInfo, type MaterialLibrary, type MaterialLibraryOptions } from './library.ts';
export { EDGE_TOLERANCE, type Interval } from './component.ts';
export { GAP_FACTOR } from './table.ts';
export { FORMULA_NAMES, formulaIndex, type FormulaNumber } from './formulas.ts';
export { modelIndex, modelPermittivity, type DispersiveModel } from './models.ts';
export { resolveSpectrum } from './spectrum.ts';
export { HC_EV_NM, photonEnergyEv } from './units.ts';
