/**
 * Web Worker entry of the run import: reads, parses and validates a run file off the page's thread
 * (see run-import-api.ts); the page stores what it returns.
 */
import { expose } from 'comlink';
import { createRunImportWorkerApi } from './run-import-api.ts';

// The page's IndexedDB store, opened here only when the page asks for the duplicate search.
const openStore = async () => {
  const [{ openIdbRunStore }, { SUITES }] = await Promise.all([import('../src/adapters/browser/runs-db.ts'), import('../src/core/suites.ts')]);
  return openIdbRunStore(SUITES);
};

expose(createRunImportWorkerApi({ openStore }));
