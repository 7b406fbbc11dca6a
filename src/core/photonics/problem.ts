/**
 * The photonics problem: one JSON object, discriminated by `kind`, validated by zod and printed as
 * JSON Schema by `proving-ground schema photonics`. Field names carry their units (radius_nm,
 * wavelength_nm, angle_deg, length_um, ...) so a careless setup is visible in the arguments.
 * Wavelengths are vacuum wavelengths everywhere.
 */
import { z } from 'zod';
import { ScatteringProblemSchema } from './mie/problem.ts';
import { LayerStackProblemSchema } from './tmm/problem.ts';
import { ModeProblemSchema } from './slab/problem.ts';
import { CircuitProblemSchema } from './circuit/problem.ts';
import { GratingProblemSchema } from './rcwa/problem.ts';
import { Grating2dProblemSchema } from './rcwa/problem2d.ts';
import { BandsProblemSchema } from './pwe/problem.ts';
import { DdaProblemSchema } from './dda/problem.ts';
import { EmeProblemSchema } from './eme/problem.ts';
import { InverseDesignProblemSchema } from './topopt/problem.ts';

export const PhotonicsProblemSchema = z.discriminatedUnion('kind', [
  ScatteringProblemSchema,
  LayerStackProblemSchema,
  ModeProblemSchema,
  CircuitProblemSchema,
  GratingProblemSchema,
  Grating2dProblemSchema,
  BandsProblemSchema,
  DdaProblemSchema,
  EmeProblemSchema,
  InverseDesignProblemSchema,
]);
export type PhotonicsProblem = z.infer<typeof PhotonicsProblemSchema>;
export type PhotonicsKind = PhotonicsProblem['kind'];
export const PHOTONICS_KINDS: readonly PhotonicsKind[] = ['scattering', 'layer_stack', 'mode', 'circuit', 'grating', 'grating_2d', 'bands', 'dda', 'eme', 'inverse_design'];

/** The JSON Schema of every problem kind (input side: fields with defaults are optional). */
export function photonicsJsonSchema(): unknown {
  return z.toJSONSchema(PhotonicsProblemSchema, { io: 'input' });
}

/** One kind's member of the union: what `schema photonics --kind K` prints and the playground's form is built from. */
export function photonicsKindJsonSchema(kind: PhotonicsKind): unknown {
  const member = PhotonicsProblemSchema.options.find((o) => o.shape.kind.value === kind);
  if (!member) throw new Error(`no problem schema for kind "${kind}"`);
  return z.toJSONSchema(member, { io: 'input', unrepresentable: 'any' });
}
