/**
 * The paper-reproduction suite's page view: the public task (claim, citation, reported values,
 * spec, starter), a result table of score, Full, stage scores, replay status and coverage, and a
 * transcript view that is the evidence viewer of the submitted package's verdict. The Run form has
 * no suite-specific fields.
 */
import { reproductionSuite } from '../../../core/reproduction/suite.ts';
import type { SuiteView } from '../suite-view.ts';
import { ReproductionResultTables } from './ReproductionResultTables.tsx';
import { ReproductionTaskDetails } from './ReproductionTaskDetails.tsx';
import { ReproductionTranscriptView } from './ReproductionTranscriptView.tsx';

export const reproductionView: SuiteView = {
  suite: reproductionSuite,
  navLabel: 'Reproduction tasks',
  facets: reproductionSuite.facets,
  runOptions: {
    initial: {},
    Fields: null,
    prepare: ({ selection, filters }) => (selection.length === 0 ? { error: 'The selection is empty.' } : { tasks: [...selection], filters, options: {} }),
  },
  TaskDetails: ReproductionTaskDetails,
  ResultTables: ReproductionResultTables,
  TranscriptView: ReproductionTranscriptView,
};
