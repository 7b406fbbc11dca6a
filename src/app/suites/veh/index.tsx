/**
 * VEHBench's page view: its Run-form fields (P3 variant, audit controls), the probe task card, the
 * per-probe result tables with the trajectory transcript view, and the cost preview of a model run.
 */
import type { TranscriptCore } from '../../../core/run/transcript-core.ts';
import type { SuiteRow } from '../../../core/store/run-store.ts';
import type { P3Variant } from '../../../core/veh/protocol/prompts.ts';
import type { VehRow } from '../../../core/veh/rows.ts';
import type { Transcript } from '../../../core/veh/run/transcript.ts';
import type { RunControls } from '../../../core/veh/run/types.ts';
import type { VehTask } from '../../../core/veh/task-schema.ts';
import { vehSuite } from '../../../core/veh/suite.ts';
import { LlmRunPreview } from '../../run/LlmRunPreview.tsx';
import { MaterialsPanel } from '../../materials/MaterialsPanel.tsx';
import { StoredTranscript } from '../../runs/TranscriptPane.tsx';
import { ResultTables } from '../../run/ResultTables.tsx';
import type { SuiteView } from '../suite-view.ts';
import { auditedRun, DEFAULT_AUDIT_SETTINGS, emptyAuditReason } from './run-audit.ts';
import { VehRunOptions, type VehRunSettings } from './VehRunOptions.tsx';
import { VehTaskDetails } from './VehTaskDetails.tsx';
import { VEH_PAGE_FACETS } from './facets.ts';

const INITIAL: VehRunSettings = { p3Variant: 'raw_history', ...DEFAULT_AUDIT_SETTINGS };

// Rows, tasks and transcripts reach this view only from VEH runs and VEH's bank, validated with its schemas.
const asVehTasks = (tasks: readonly { task_id: string }[]): readonly VehTask[] => tasks as readonly VehTask[];

export const vehView: SuiteView = {
  suite: vehSuite,
  navLabel: 'VEHBench tasks',
  facets: VEH_PAGE_FACETS,
  runOptions: {
    initial: INITIAL,
    Fields: VehRunOptions,
    prepare: ({ selection, settings, filters, bank }) => {
      const s = settings as VehRunSettings;
      const audited = auditedRun(asVehTasks(selection), s, filters, asVehTasks(bank));
      if (audited.tasks.length === 0) return { error: emptyAuditReason(s) };
      const controls: RunControls = audited.controls;
      return { tasks: audited.tasks, filters: audited.filters, options: { p3Variant: s.p3Variant, controls } };
    },
  },
  TaskDetails: VehTaskDetails,
  BrowserFooter: MaterialsPanel,
  TranscriptView: ({ transcript, storedRow, headingId }) => (
    <StoredTranscript transcript={transcript as Transcript} {...(storedRow ? { storedRow: storedRow as VehRow } : {})} {...(headingId ? { headingId } : {})} />
  ),
  ResultTables: ({ rows, transcripts, running }: { rows: readonly SuiteRow[]; transcripts: readonly TranscriptCore[]; running?: boolean }) => (
    <ResultTables rows={rows as readonly VehRow[]} transcripts={transcripts as readonly Transcript[]} running={running ?? false} />
  ),
  LlmPreview: ({ config, tasks, options, hasKey }) => (
    <LlmRunPreview config={config} tasks={asVehTasks(tasks)} p3Variant={(options as { p3Variant?: P3Variant } | null)?.p3Variant ?? 'raw_history'} hasKey={hasKey} />
  ),
};
