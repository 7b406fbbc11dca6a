import type { ReactNode } from 'react';

interface FieldProps {
  label: string;
  /** Validation message, shown under the control and announced. */
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
}

/** A labelled control with its hint and error; the label wraps the control, so no ids are needed. */
export function Field({ label, error, hint, children }: FieldProps) {
  return (
    <label className={`settings-field${error ? ' has-error' : ''}`}>
      <span className="settings-field-label">{label}</span>
      {children}
      {hint && <span className="note">{hint}</span>}
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </label>
  );
}
