import type { Diagnosis } from '../../core/llm/diagnose.ts';

/** A failed connection in plain words: what happened, what was reported, what to do. Text only. */
export function DiagnosisView({ diagnosis }: { diagnosis: Diagnosis }) {
  return (
    <div className="error-panel diagnosis" role="alert" data-testid="diagnosis" data-kind={diagnosis.kind}>
      <strong data-testid="diagnosis-title">{diagnosis.title}</strong>
      <p data-testid="diagnosis-detail">{diagnosis.detail}</p>
      <p className="diagnosis-fix-heading">What to do:</p>
      <ul className="diagnosis-fix" data-testid="diagnosis-fix">
        {diagnosis.fix.split('\n').map((line, i) => (
          // Fixed text produced once per diagnosis: the index is a stable key.
          <li key={i}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
