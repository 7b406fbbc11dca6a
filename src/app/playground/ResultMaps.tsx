import { ExportableFigure } from '../charts/ExportableFigure.tsx';
import { Heatmap } from '../charts/Heatmap.tsx';
import type { ResultMaps as Maps } from './plots/result-maps.ts';

/** Every 2-D map of a result as a heatmap with SVG/PNG export; malformed entries are named, not drawn. */
export function ResultMaps({ maps }: { maps: Maps }) {
  if (maps.maps.length === 0 && maps.problems.length === 0) return null;
  return (
    <div className="pg-plots pg-maps">
      {maps.maps.map((m) => (
        <ExportableFigure key={m.id} title={m.title} testId={`map-${m.id}`} testIdOnFigure={false}>
          {(ref) => <Heatmap ref={ref} data={m} testId={`map-${m.id}`} />}
        </ExportableFigure>
      ))}
      {maps.problems.length > 0 && (
        <p className="pg-field-error" role="status">
          Maps not drawn (they do not match the maps contract): {maps.problems.join('; ')}
        </p>
      )}
    </div>
  );
}
