/**
 * Web Worker entry of the run import: reads, parses and validates a run file off the page's thread
 * (see run-import-api.ts); the page stores what it returns.
 */
import { expose } from 'comlink';
import { createRunImportWorkerApi } from './run-import-api.ts';

expose(createRunImportWorkerApi());
