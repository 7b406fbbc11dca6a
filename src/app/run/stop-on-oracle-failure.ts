import { WorkerOracleError } from '../../adapters/browser/worker-veh-oracle.ts';
import type { VehOracle } from '../../core/run/types.ts';

/**
 * The run engine turns an exception inside one task into an 'error' row and carries on — right for
 * a broken task, wrong for a dead worker, which would fail every remaining task the same way. This
 * wrapper aborts the run on the first worker failure and remembers it, so the page can say the
 * oracle crashed (and offer a restart) instead of listing hundreds of error rows.
 */
export function stopOnOracleFailure(oracle: VehOracle, controller: AbortController): { oracle: VehOracle; failure: () => Error | null } {
  let failure: Error | null = null;
  const guard = <T>(promise: Promise<T>): Promise<T> =>
    promise.catch((error: unknown) => {
      if (error instanceof WorkerOracleError) {
        failure ??= error;
        controller.abort();
      }
      throw error;
    });
  return {
    oracle: {
      backendId: oracle.backendId,
      evaluate: (request) => guard(oracle.evaluate(request)),
      evaluateMany: (requests) => guard(oracle.evaluateMany(requests)),
    },
    failure: () => failure,
  };
}
