/**
 * The circuit audit's page view: the P3 prompt variant in the Run form; the generic task card,
 * result table and transcript (the suite's own scoring grades each row).
 */
import { circuitSuite } from '../../../core/circuit-audit/suite.ts';
import type { P3Variant } from '../../../core/veh/protocol/prompts.ts';
import { GenericResultTables, GenericTaskDetails } from '../generic.tsx';
import { GenericTranscript } from '../GenericTranscriptDialog.tsx';
import { P3VariantField } from '../P3VariantField.tsx';
import type { SuiteView } from '../suite-view.ts';

interface CircuitRunSettings {
  p3Variant: P3Variant;
}

export const circuitView: SuiteView = {
  suite: circuitSuite,
  navLabel: 'Circuit tasks',
  facets: circuitSuite.facets,
  runOptions: {
    initial: { p3Variant: 'raw_history' } satisfies CircuitRunSettings,
    Fields: ({ value, onChange, disabled }: { value: CircuitRunSettings; onChange: (v: CircuitRunSettings) => void; disabled: boolean }) => (
      <P3VariantField value={value.p3Variant} onChange={(p3Variant) => onChange({ ...value, p3Variant })} disabled={disabled} />
    ),
    // As `run --suite circuit` does: the raw history is the default and is not written into the options.
    prepare: ({ selection, settings, filters }) => {
      const s = settings as CircuitRunSettings;
      if (selection.length === 0) return { error: 'The selection is empty.' };
      return { tasks: [...selection], filters, options: s.p3Variant === 'state_summary' ? { p3Variant: s.p3Variant } : {} };
    },
  },
  TaskDetails: GenericTaskDetails,
  ResultTables: GenericResultTables,
  TranscriptView: GenericTranscript,
};
