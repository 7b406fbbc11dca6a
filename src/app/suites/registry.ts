/**
 * The page's suite views, one per registered suite (src/core/suites.ts), looked up by the route's
 * suite id. A registered suite with no view of its own gets the generic one, so a new suite is on
 * every page as soon as it is registered in core.
 */
import { SUITES } from '../../core/suites.ts';
import type { AnySuite } from '../../core/suite/contract.ts';
import { circuitView } from './circuit/index.tsx';
import { designView } from './design/index.tsx';
import { GenericResultTables, GenericTaskDetails } from './generic.tsx';
import { GenericTranscript } from './GenericTranscriptDialog.tsx';
import { reproductionView } from './reproduction/index.tsx';
import type { SuiteView } from './suite-view.ts';
import { vehView } from './veh/index.tsx';

const VIEWS: ReadonlyMap<string, SuiteView> = new Map([vehView, circuitView, designView, reproductionView].map((v) => [v.suite.descriptor.id, v]));

function genericView(suite: AnySuite): SuiteView {
  return {
    suite,
    navLabel: `${suite.descriptor.title} tasks`,
    facets: suite.facets,
    runOptions: {
      initial: {},
      Fields: null,
      prepare: ({ selection, filters }) => (selection.length === 0 ? { error: 'The selection is empty.' } : { tasks: [...selection], filters, options: {} }),
    },
    TaskDetails: GenericTaskDetails,
    ResultTables: GenericResultTables,
    TranscriptView: GenericTranscript,
  };
}

/** Every suite the build ships, in registry order, with its view. */
export const SUITE_VIEWS: readonly SuiteView[] = SUITES.list().map((s) => VIEWS.get(s.descriptor.id) ?? genericView(s));

export function hasSuiteView(id: string): boolean {
  return SUITES.has(id);
}

/** The view of a registered suite; throws UnknownSuiteError (naming the known ones) otherwise. */
export function suiteView(id: string): SuiteView {
  const suite = SUITES.get(id);
  return VIEWS.get(id) ?? genericView(suite);
}

export const DEFAULT_SUITE_ID = 'veh';
