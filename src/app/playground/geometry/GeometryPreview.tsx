import { useMemo } from 'react';
import { ExportableFigure } from '../../charts/ExportableFigure.tsx';
import { GeometrySvg } from './GeometrySvg.tsx';
import { PREVIEW_KINDS, problemScene } from './problem-scene.ts';
import type { PhotonicsKind } from '../kinds.ts';

/** "Geometry": the problem as drawn before solving; it follows every edit of the form or the JSON. */
export function GeometryPreview({ kind, problem }: { kind: PhotonicsKind; problem: unknown }) {
  const preview = useMemo(() => (PREVIEW_KINDS.includes(kind) ? problemScene(problem) : null), [kind, problem]);
  if (preview === null) return null;
  return (
    <section className="pg-geometry" aria-labelledby="pg-geometry-heading" data-testid="pg-geometry">
      <h3 id="pg-geometry-heading">Geometry</h3>
      {'invalid' in preview ? (
        <p className="note" data-testid="pg-geometry-invalid">
          No preview until the problem is valid ({preview.invalid}).
        </p>
      ) : (
        <ExportableFigure title={preview.scene.title} testId="pg-geometry-figure" testIdOnFigure={false} caption={[preview.scene.description, ...preview.scene.notes].join(' ')}>
          {(ref) => <GeometrySvg ref={ref} scene={preview.scene} testId="pg-geometry-svg" />}
        </ExportableFigure>
      )}
    </section>
  );
}
