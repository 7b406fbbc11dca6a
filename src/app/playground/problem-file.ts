/**
 * Reading a problem file the user picked: JSON with a known `kind`. Validation of the rest is the
 * solver's (the same messages as `proving-ground solve`), so an imported file with a wrong field
 * still loads into the editor, where it can be fixed.
 */
import { PHOTONICS_KINDS, type PhotonicsKind } from './kinds.ts';
import { isJsonObject, type JsonValue } from './schema-form/json-schema.ts';

export interface ImportedProblem {
  kind: PhotonicsKind;
  problem: JsonValue;
}

export function readProblemFile(text: string, fileName: string): ImportedProblem {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new Error(`${fileName} is not valid JSON: ${(e as Error).message}`, { cause: e });
  }
  if (!isJsonObject(parsed as JsonValue)) throw new Error(`${fileName} must hold one problem object, e.g. {"kind": "scattering", ...}`);
  const kind = (parsed as { kind?: unknown }).kind;
  if (typeof kind !== 'string' || !(PHOTONICS_KINDS as readonly string[]).includes(kind)) {
    throw new Error(`${fileName}: "kind" must be one of ${PHOTONICS_KINDS.join(', ')}${kind === undefined ? ' (it is missing)' : `, not ${JSON.stringify(kind)}`}`);
  }
  return { kind: kind as PhotonicsKind, problem: parsed as JsonValue };
}
