/**
 * The geometry preview of whatever the editor holds: the problem is validated with the solver's own
 * schema (so a half-edited problem names what is missing instead of drawing nonsense) and handed to
 * its kind's scene builder. Kinds without a spatial layout to show (Mie spheres, thin films, circuits)
 * have no preview.
 */
import { PhotonicsProblemSchema, type PhotonicsKind } from '../../../core/photonics/problem.ts';
import { bandsScene } from './bands-scene.ts';
import { channelScene, slabScene } from './channel-scene.ts';
import { ddaScene } from './dda-scene.ts';
import { emeScene } from './eme-scene.ts';
import { gratingScene } from './grating-scene.ts';
import { grating2dScene } from './grating2d-scene.ts';
import type { GeometryScene } from './scene.ts';

export const PREVIEW_KINDS: readonly PhotonicsKind[] = ['grating', 'grating_2d', 'bands', 'mode', 'dda', 'eme'];

export type ScenePreview = { scene: GeometryScene } | { invalid: string } | null;

export function problemScene(problem: unknown): ScenePreview {
  const parsed = PhotonicsProblemSchema.safeParse(problem);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { invalid: issue ? `${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}` : 'the problem is not valid' };
  }
  const p = parsed.data;
  switch (p.kind) {
    case 'grating':
      return { scene: gratingScene(p) };
    case 'grating_2d':
      return { scene: grating2dScene(p) };
    case 'bands':
      return { scene: bandsScene(p) };
    case 'mode':
      return { scene: p.structure.type === 'channel' ? channelScene(p.structure) : slabScene(p.structure) };
    case 'dda':
      return { scene: ddaScene(p) };
    case 'eme':
      return { scene: emeScene(p) };
    default:
      return null;
  }
}
