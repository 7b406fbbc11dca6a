/**
 * What a suite contributes to the page (the page's half of the suite contract): its Run-form
 * options, its task card, its result table and, optionally, a preview of what a model will be sent.
 * Pages take a view from the registry (registry.ts) by the route's suite id and never branch on
 * which suite it is. A suite without a rich view of its own gets the generic parts (generic.tsx).
 */
import type { ComponentType } from 'react';
import type { TranscriptCore } from '../../core/run/transcript-core.ts';
import type { SuiteRow } from '../../core/store/run-store.ts';
import type { AnySuite } from '../../core/suite/contract.ts';
import type { StoredModelConfig } from '../settings/stored-settings.ts';
import type { PageFacet } from '../browser/task-filters.ts';

export type Task = { task_id: string };

/** A run's inputs as the suite's options turn the browser's selection into them, or why there are none. */
export type PreparedRun = { tasks: Task[]; filters: Record<string, string>; options: unknown } | { error: string };

export interface RunOptionsView<S> {
  readonly initial: S;
  /** The suite's own fields of the Run form (P3 variant, audit controls…); null when it has none. */
  readonly Fields: ComponentType<{ value: S; onChange: (next: S) => void; disabled: boolean }> | null;
  prepare(input: { selection: readonly Task[]; settings: S; filters: Record<string, string>; bank: readonly Task[] }): PreparedRun;
}

export interface SuiteView {
  readonly suite: AnySuite;
  /** The main menu's link to its tasks (short enough for a phone's header). */
  readonly navLabel: string;
  /** The task browser's selects, in order (default: the suite's facets); a run's task_filter uses these keys. */
  readonly facets: readonly PageFacet[];
  // Each suite's settings type is its own; the page only threads the value from Fields to prepare.
  readonly runOptions: RunOptionsView<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** The task page's body under the header (the header shows id and facets). */
  readonly TaskDetails: ComponentType<{ task: Task }>;
  /** Finished tasks of a run (live on the Run page, stored on the run detail page). */
  /** `running`: the run is live (rows still arriving); a table may then show a window of its rows. */
  readonly ResultTables: ComponentType<{ suite: AnySuite; rows: readonly SuiteRow[]; transcripts: readonly TranscriptCore[]; running?: boolean }>;
  /** One task's transcript, graded (the run detail page, compare, the Run page's dialog). */
  readonly TranscriptView: ComponentType<{ suite: AnySuite; transcript: TranscriptCore; storedRow?: SuiteRow; headingId?: string }>;
  /** Shown under the task browser (VEH: the material library the oracle uses). */
  readonly BrowserFooter?: ComponentType;
  /** What a model run will send, before it starts (optional). */
  readonly LlmPreview?: ComponentType<{ config: StoredModelConfig; tasks: readonly Task[]; options: unknown; hasKey: boolean }>;
}
