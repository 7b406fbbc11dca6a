/** The heat-conduction oracle's public surface (not a `solve` kind: called directly by suites). */
export { solveHeat, sampleTemperature, heatGridCells, type HeatResult, type HeatTemperatureMap } from './solve.ts';
export { estimateHeat, type HeatEstimate } from './estimate.ts';
export { HeatProblemSchema, parseHeatProblem, MAX_HEAT_CELLS, MAX_HEAT_RECTS, type HeatProblem, type HeatProblemInput, type HeatBoundary } from './problem.ts';
export { THERMAL_MATERIALS, THERMAL_MATERIAL_NAMES, type ThermalMaterial, type ThermalMaterialName } from './materials.ts';
export { soiPhaseShifter } from './fixtures.ts';
