/** Pretty-printed JSON, rendered as text. */
export function JsonBlock({ value, testId }: { value: unknown; testId?: string }) {
  return (
    <pre className="code-block" data-testid={testId}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
