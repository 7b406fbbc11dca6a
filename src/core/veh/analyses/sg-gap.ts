/**
 * Selection–generation isomorphism audit (App. P, Table 35): the same probe groups posed as
 * A-selection, B-generation and C-completion. A row succeeds when its final design is oracle-feasible
 * (a parse failure leaves the infeasible seed, so it fails: parse robustness is part of the form).
 * SG gap = A success − B success over the probe groups both runs answered, with a paired bootstrap
 * interval. Runs are told apart by the manifest's sg_form.
 */
import type { P2Row, VehRow } from '../rows.ts';
import { hadParseFailure } from '../metrics/trajectory.ts';
import { manifestField, whoKeyOf, whoLabelOf, type AnalysisRun } from './analysis-run.ts';
import { matchTasks, pairedMetricDelta, type PairedDeltaOptions } from './paired-delta.ts';
import { makeTable, numberColumn, textColumn, type AnalysisRow, type AnalysisTable } from '../../analyses/table.ts';

const FORMS = ['A', 'B', 'C'] as const;
type Form = (typeof FORMS)[number];

const p2Rows = (rows: readonly VehRow[]): P2Row[] => rows.filter((r): r is P2Row => r.probe === 'P2');
export const sgSuccessRate = (rows: readonly P2Row[]): number | null =>
  rows.length === 0 ? null : rows.filter((r) => r.final.result.feasible).length / rows.length;
const parseCleanRate = (rows: readonly P2Row[]): number | null => (rows.length === 0 ? null : rows.filter((r) => !hadParseFailure(r)).length / rows.length);

export function sgGapTable(runs: readonly AnalysisRun[], opts: PairedDeltaOptions): AnalysisTable {
  const byWho = new Map<string, { label: string; forms: Partial<Record<Form, AnalysisRun>> }>();
  const notes: string[] = [];
  for (const run of runs) {
    const form = manifestField(run, 'sg_form');
    if (form !== 'A' && form !== 'B' && form !== 'C') {
      notes.push(`${run.run_id} is not an SG run (its manifest has no sg_form) and was left out.`);
      continue;
    }
    const key = whoKeyOf(run);
    const entry = byWho.get(key) ?? { label: whoLabelOf(run), forms: {} };
    if (entry.forms[form]) notes.push(`${run.run_id}: a second form-${form} run of ${entry.label}; the first one counts.`);
    else entry.forms[form] = run;
    byWho.set(key, entry);
  }
  const rows: AnalysisRow[] = [];
  for (const { label, forms } of byWho.values()) {
    const a = forms.A ? p2Rows(forms.A.rows) : [];
    const b = forms.B ? p2Rows(forms.B.rows) : [];
    const c = forms.C ? p2Rows(forms.C.rows) : [];
    const m = matchTasks(a, b);
    const gap = m.a.length > 0 ? pairedMetricDelta('P2', { key: 'sg_gap', label: 'SG gap', stat: sgSuccessRate }, m.a, m.b, opts) : null;
    const used = FORMS.map((f) => forms[f]).filter((r): r is AnalysisRun => r !== undefined);
    rows.push({
      cells: {
        model: label,
        groups: m.a.length,
        a_selection: sgSuccessRate(a),
        b_generation: sgSuccessRate(b),
        c_completion: sgSuccessRate(c),
        sg_gap: gap?.delta ?? null,
        ci_low: gap?.ci_low ?? null,
        ci_high: gap?.ci_high ?? null,
        b_parse_clean: parseCleanRate(b),
      },
      provenance: { run_ids: used.map((r) => r.run_id).sort(), task_ids: [...new Set([...a, ...b, ...c].map((r) => r.task_id))].sort() },
    });
  }
  notes.unshift('Success = final design oracle-feasible, over each form’s own groups; SG gap = A − B over the groups both forms answered (paired bootstrap 95 %).');
  return makeTable({
    id: 'sg-gap',
    title: 'Selection–generation gap',
    columns: [
      textColumn('model', 'Agent / model'),
      numberColumn('groups', 'Paired groups'),
      numberColumn('a_selection', 'A-selection'),
      numberColumn('b_generation', 'B-generation'),
      numberColumn('c_completion', 'C-completion'),
      numberColumn('sg_gap', 'SG gap (A − B)'),
      numberColumn('ci_low', '95 % low'),
      numberColumn('ci_high', '95 % high'),
      numberColumn('b_parse_clean', 'B parse-clean'),
    ],
    rows,
    notes,
  });
}
