/** The plots for a solved problem, by kind; a kind without its own mapping gets the generic spectra. */
import { circuitPlots } from './circuit-plots.ts';
import { gratingPlots } from './grating-plots.ts';
import { grating2dPlots } from './grating2d-plots.ts';
import { bandPlots } from './band-plots.ts';
import { emePlots } from './eme-plots.ts';
import { inverseDesignPlots } from './inverse-design-plots.ts';
import { spectrumPlots } from './generic-plots.ts';
import { layerStackPlots } from './layer-stack-plots.ts';
import { modePlots } from './mode-plots.ts';
import { isRecord, type PlotSpec } from './plot-spec.ts';
import { scatteringPlots } from './scattering-plots.ts';

export function resultPlots(result: unknown): PlotSpec[] {
  if (!isRecord(result)) return [];
  switch (result.kind) {
    case 'scattering':
      return scatteringPlots(result);
    case 'layer_stack':
      return layerStackPlots(result);
    case 'mode':
      return modePlots(result);
    case 'circuit':
      return circuitPlots(result);
    case 'grating':
      return gratingPlots(result);
    case 'grating_2d':
      return grating2dPlots(result);
    case 'bands':
      return bandPlots(result);
    case 'eme':
      return emePlots(result);
    case 'inverse_design':
      return inverseDesignPlots(result);
    default:
      return spectrumPlots(result);
  }
}
