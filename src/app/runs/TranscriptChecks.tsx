import type { TaskCheck, TaskGrade } from '../../core/veh/run/task-checks.ts';

const VERDICT_TEXT: Record<TaskCheck['verdict'], string> = { pass: 'pass', fail: 'fail', info: 'value', na: 'n/a' };

/** The task's grading, check by check, with each verdict's reason in words. */
export function TranscriptChecks({ grade, headingId }: { grade: TaskGrade; headingId: string }) {
  const failed = grade.checks.filter((c) => c.verdict === 'fail').length;
  return (
    <section className="tpane-section" aria-labelledby={headingId} data-testid="task-checks">
      <h3 id={headingId}>
        Grading ·{' '}
        <span className={grade.passed ? 'pass' : 'fail'} data-testid="task-headline">
          {grade.passed ? 'passed' : 'failed'}
        </span>
        {failed > 0 && <span className="note"> ({failed} failed {failed === 1 ? 'check' : 'checks'})</span>}
      </h3>
      <div className="table-scroll">
        <table className="data-table compact tpane-checks">
          <thead>
            <tr>
              <th scope="col">Check</th>
              <th scope="col">Verdict</th>
              <th scope="col">Value</th>
              <th scope="col">Why</th>
            </tr>
          </thead>
          <tbody>
            {grade.checks.map((c) => (
              <tr key={c.key} data-testid="task-check" data-check={c.key} data-verdict={c.verdict}>
                <th scope="row">{c.label}</th>
                <td>
                  <span className={`tpane-verdict tpane-${c.verdict}`}>{VERDICT_TEXT[c.verdict]}</span>
                </td>
                <td className="mono">{c.value}</td>
                <td>{c.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
