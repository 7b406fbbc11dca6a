import { useMemo } from 'react';
import type { GallerySide } from '../../core/photonics-agent/gallery.ts';
import type { PhotonicsTask } from '../../core/photonics-agent/task-schema.ts';
import { ChartFigure } from '../charts/ChartFigure.tsx';
import { JsonBlock } from '../components/JsonBlock.tsx';
import { sidePlots } from './gallery-plots.ts';

const HEADINGS = { naive: 'Naive setup', reference: 'Careful setup' } as const;
const WHAT = {
  naive: 'the careless problem solved at once, its numbers reported, no concerns',
  reference: 'the reference problem (estimated first where a grid solver runs), with the reference concerns',
} as const;

/** One side of a gallery task: verdict, the numbers it reports, its plot, its setup and every check. */
export function GallerySideView({ task, side, which }: { task: PhotonicsTask; side: GallerySide; which: 'naive' | 'reference' }) {
  const plots = useMemo(() => sidePlots(side, which), [side, which]);
  const declines = which === 'reference' && task.category === 'pushback';
  return (
    <section className="panel gallery-side" aria-labelledby={`gallery-side-${which}`} data-testid={`gallery-side-${which}`}>
      <div className="panel-heading">
        <h2 id={`gallery-side-${which}`}>{HEADINGS[which]}</h2>
        <span className={side.pass ? 'pass' : 'fail'} data-testid={`gallery-verdict-${which}`}>
          {side.pass ? 'pass' : 'fail'}
        </span>
      </div>
      <p className="note">{WHAT[which]}.</p>
      {side.error !== null && (
        <p className="fail" role="status">
          The solver refused this problem: {side.error}
        </p>
      )}
      {declines ? (
        <div data-testid={`gallery-declines-${which}`}>
          <p>
            <strong>Declines.</strong> The request cannot be met as asked, so there is nothing honest to solve:
          </p>
          <ul>
            {task.reference_concerns.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
      ) : (
        <>
          <dl className="facts" data-testid={`gallery-values-${which}`}>
            {task.answer_keys.map((k) => (
              <div key={k.key} className="gallery-value">
                <dt className="mono" title={k.description}>
                  {k.key}
                </dt>
                <dd>{k.key in side.values ? `${showValue(side.values[k.key] ?? NaN)}${k.unit === '1' ? '' : ` ${k.unit}`}` : 'not readable from this result'}</dd>
              </div>
            ))}
          </dl>
          {which === 'reference' && task.reference_concerns.length > 0 && (
            <>
              <p>Says alongside:</p>
              <ul>
                {task.reference_concerns.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
      <div className="gallery-plots" data-testid={`gallery-plots-${which}`}>
        {plots.map((p) => (
          <ChartFigure key={p.id} testId={p.id} title={p.title} xLabel={p.xLabel} yLabel={p.yLabel} series={p.series} yDomain={p.yDomain} width={520} height={300} />
        ))}
        {plots.length === 0 && <p className="note">{side.problem === null ? 'No plot: this side solves nothing.' : 'No curve to draw for this result.'}</p>}
      </div>
      {side.sweep && (
        <p className="note">
          The plot solves the same setup {isProfile(side.sweep.problem) ? 'with its mode profile sampled' : 'across a band of wavelengths around the asked one'}; the graded numbers come from the single solve.
        </p>
      )}
      <details>
        <summary>The setup (problem JSON)</summary>
        <JsonBlock value={side.problem} />
      </details>
      <details>
        <summary>Every check ({side.checks.filter((c) => c.passed).length} of {side.checks.length} pass)</summary>
        <ul className="gallery-checks">
          {side.checks.map((c) => (
            <li key={c.name}>
              <span className={c.passed ? 'pass' : 'fail'}>{c.passed ? '✓' : '✗'}</span> <span className="mono">{c.name}</span>
              {c.required ? '' : ' (advisory)'}: {c.reason}
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}

/** Five significant digits, so 1.83e-10 (a radius taken in micrometres) does not read as 0. */
function showValue(v: number): string {
  if (!Number.isFinite(v)) return '—';
  return v !== 0 && Math.abs(v) < 1e-3 ? v.toExponential(3) : String(Number(v.toPrecision(5)));
}

const isProfile = (p: unknown): boolean => typeof p === 'object' && p !== null && 'profile_points' in p;
