/**
 * The spec-to-design suite's page view: the task's specification and starter source, a result
 * table of S, J, validity and probes, and a transcript view of every evaluated design — gates, J
 * and S over the probes, the layout with its failed gates marked, and the evaluator's map on
 * request. The Run form has no suite-specific fields.
 */
import { designSuite } from '../../../core/design/suite.ts';
import type { SuiteView } from '../suite-view.ts';
import { DesignResultTables } from './DesignResultTables.tsx';
import { DesignTaskDetails } from './DesignTaskDetails.tsx';
import { DesignTranscriptView } from './DesignTranscriptView.tsx';

export const designView: SuiteView = {
  suite: designSuite,
  navLabel: 'Design tasks',
  facets: designSuite.facets,
  runOptions: {
    initial: {},
    Fields: null,
    prepare: ({ selection, filters }) => (selection.length === 0 ? { error: 'The selection is empty.' } : { tasks: [...selection], filters, options: {} }),
  },
  TaskDetails: DesignTaskDetails,
  ResultTables: DesignResultTables,
  TranscriptView: DesignTranscriptView,
};
