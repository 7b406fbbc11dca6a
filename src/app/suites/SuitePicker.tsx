import { SUITE_VIEWS } from './registry.ts';

/** A select of the registered suites (Leaderboard, Analyses): boards and analyses are per suite. */
export function SuitePicker({ value, onChange, testId }: { value: string; onChange: (suiteId: string) => void; testId: string }) {
  return (
    <label>
      Suite{' '}
      <select data-testid={testId} value={value} onChange={(e) => onChange(e.target.value)}>
        {SUITE_VIEWS.map((v) => (
          <option key={v.suite.descriptor.id} value={v.suite.descriptor.id}>
            {v.suite.descriptor.title}
          </option>
        ))}
      </select>
    </label>
  );
}
