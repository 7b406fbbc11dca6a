interface ErrorPanelProps {
  title: string;
  error: unknown;
  onRetry?: () => void;
  retryLabel?: string;
}

/** A visible, specific error with an optional retry; never a blank page. */
export function ErrorPanel({ title, error, onRetry, retryLabel = 'Retry' }: ErrorPanelProps) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div className="error-panel" role="alert">
      <strong>{title}</strong>
      <p className="mono">{message}</p>
      {onRetry && (
        <button type="button" onClick={onRetry}>
          {retryLabel}
        </button>
      )}
    </div>
  );
}
