import { useState } from 'react';

/** Warnings listed before "show all": a solver that warns per wavelength must not bury the result. */
const SHOWN = 6;

/**
 * The solver's warnings, first and loud: they are what an agent must pass on (data that does not
 * cover the wavelength, an unphysical component, loss ignored by a mode solve, ...).
 */
export function WarningsPanel({ warnings }: { warnings: readonly string[] }) {
  const [all, setAll] = useState(false);
  if (warnings.length === 0) {
    return (
      <p className="pg-no-warnings" data-testid="pg-warnings-none">
        No warnings.
      </p>
    );
  }
  const shown = all ? warnings : warnings.slice(0, SHOWN);
  return (
    <div className="pg-warnings" role="alert" data-testid="pg-warnings">
      <strong>
        {warnings.length} warning{warnings.length === 1 ? '' : 's'} — read before using these numbers
      </strong>
      <ul>
        {shown.map((w, i) => (
          <li key={i}>{w}</li>
        ))}
      </ul>
      {shown.length < warnings.length && (
        <button type="button" className="link-button" onClick={() => setAll(true)}>
          Show all {warnings.length} warnings
        </button>
      )}
    </div>
  );
}
