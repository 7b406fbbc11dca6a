import { routeHref } from '../routing/route.ts';

/** Says where the finished run is kept in this browser, or why its final save failed. */
export function StoredRunNote({ storeId, finishError }: { storeId: string; finishError: string | null }) {
  const href = routeHref({ name: 'run-detail', storeId, taskIndex: null, query: new URLSearchParams() });
  if (finishError) {
    return (
      <p className="pg-stored-note" role="alert">
        Every finished task is saved in this browser, but the run could not be marked finished ({finishError}). It will be offered for resuming after a reload.
      </p>
    );
  }
  return (
    <p className="note pg-stored-note" data-testid="run-stored">
      Saved in this browser as <a href={href}>{storeId}</a>; it is listed on the Runs page.
    </p>
  );
}
