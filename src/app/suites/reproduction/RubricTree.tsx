/**
 * The graded rubric tree of a verdict: each node with its stage, its effective weight, its score
 * and, for a leaf, the grader's reason. A leaf a failed gate zeroed says which gate; a leaf nobody
 * judged (no judge endpoint for an interpretive leaf) says "not judged" — it is left out of the
 * score, never counted as 0. Also the Modeling / Execution / Validation stage scores as bars.
 */
import type { ReproductionVerdict } from '../../../core/reproduction/evaluator.ts';
import { formatMetric } from '../../format.ts';

type Node = ReproductionVerdict['rubric']['tree'];
const STAGE_LABEL = { modeling: 'Modeling', execution: 'Execution', validation: 'Validation' } as const;

const scoreText = (s: number | null): string => (s === null ? 'not judged' : formatMetric(s));
const tone = (s: number | null): string | undefined => (s === null ? 'note' : s >= 1 ? 'pass' : 'fail');

function RubricNode({ node: n }: { node: Node }) {
  const leaf = !n.children;
  return (
    <li data-testid={leaf ? 'repro-rubric-leaf' : 'repro-rubric-node'} data-id={n.id} data-score={n.score === null ? 'null' : String(n.score)} data-gated={n.gated_by ?? undefined}>
      <span className="mono">{n.id}</span> <span className="note">({STAGE_LABEL[n.stage]}, weight {formatMetric(n.weight)}{n.gate ? ', gate' : ''})</span>: <strong className={tone(n.score)}>{scoreText(n.score)}</strong>
      {n.gated_by !== undefined && (
        <span className="fail" data-testid="repro-gated">
          {' '}
          — gated by {n.gated_by}
        </span>
      )}
      {leaf && n.reason !== undefined && <span> — {n.reason}</span>}
      {n.children && (
        <ul>
          {n.children.map((c) => (
            <RubricNode key={c.id} node={c} />
          ))}
        </ul>
      )}
    </li>
  );
}

export function RubricTree({ tree }: { tree: Node }) {
  return (
    <ul className="repro-rubric" data-testid="repro-rubric">
      <RubricNode node={tree} />
    </ul>
  );
}

export function StageBars({ stages }: { stages: ReproductionVerdict['rubric']['stages'] }) {
  return (
    <dl className="facts" data-testid="repro-stages">
      {(Object.keys(STAGE_LABEL) as (keyof typeof STAGE_LABEL)[]).map((s) => (
        <div key={s} style={{ display: 'contents' }}>
          <dt>{STAGE_LABEL[s]}</dt>
          <dd data-testid="repro-stage" data-stage={s}>
            {stages[s] === null ? (
              <span className="note">no judged leaf</span>
            ) : (
              <>
                <meter min={0} max={1} low={0.5} high={0.9} optimum={1} value={stages[s]} aria-label={`${STAGE_LABEL[s]} stage score`} /> {formatMetric(stages[s])}
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
