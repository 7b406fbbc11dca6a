/**
 * VEHBench's own Run-form fields: the P3 prompt variant and the audit controls (Appendix Q control
 * blocks, the Appendix D subset, the Appendix P selection–generation forms).
 */
import { CONTROL_CONDITIONS, CONTROL_DESCRIPTIONS, type ControlCondition } from '../../../core/veh/protocol/control-blocks.ts';
import type { P3Variant } from '../../../core/veh/protocol/prompts.ts';
import { SG_FORMS, SG_FORM_NAMES, type SgForm } from '../../../core/veh/protocol/sg-forms.ts';
import type { SubsetId } from '../../../core/veh/subsets/appendix-d.ts';

export interface VehRunSettings {
  p3Variant: P3Variant;
  /** Controlled-prompt audit condition (Appendix Q). */
  control: ControlCondition;
  /** Appendix D's stratified 36-task P3 subset of the selection, or the whole selection. */
  subset: SubsetId | null;
  /** Run the selection's medium/hard P2 tasks as this selection–generation form (Appendix P). */
  sgForm: SgForm | null;
}

const CONTROL_LABELS: Readonly<Record<ControlCondition, string>> = {
  default: 'default',
  neutral: 'neutral',
  targeted: 'targeted',
  wrong_boundary: 'wrong boundary',
  state_summary_plus: 'state summary plus',
};

export function VehRunOptions({ value, onChange, disabled }: { value: VehRunSettings; onChange: (next: VehRunSettings) => void; disabled: boolean }) {
  return (
    <>
      <fieldset className="inline-options" disabled={disabled}>
        <legend>P3 prompt variant</legend>
        <label>
          <input
            type="radio"
            name="p3Variant"
            value="raw_history"
            checked={value.p3Variant === 'raw_history'}
            onChange={() => onChange({ ...value, p3Variant: 'raw_history' })}
          />
          raw corrupted history
        </label>
        <label>
          <input
            type="radio"
            name="p3Variant"
            value="state_summary"
            checked={value.p3Variant === 'state_summary'}
            onChange={() => onChange({ ...value, p3Variant: 'state_summary' })}
          />
          verifier-authored state summary
        </label>
        {value.control === 'state_summary_plus' && <span className="note">The state-summary-plus control always uses the state summary.</span>}
      </fieldset>
      <fieldset className="run-audit-options" disabled={disabled}>
        <legend>Audit controls</legend>
        <label>
          Prompt control (Appendix Q)
          <select
            name="control"
            data-testid="control-select"
            value={value.control}
            disabled={value.sgForm !== null}
            onChange={(e) => onChange({ ...value, control: e.target.value as ControlCondition })}
          >
            {CONTROL_CONDITIONS.map((c) => (
              <option key={c} value={c}>
                {CONTROL_LABELS[c]}
              </option>
            ))}
          </select>
        </label>
        <p className="note" data-testid="control-description">
          {CONTROL_DESCRIPTIONS[value.control]}.
        </p>
        <label>
          <input
            type="checkbox"
            name="subset"
            data-testid="subset-checkbox"
            checked={value.subset === 'appendix_d'}
            onChange={(e) => onChange({ ...value, subset: e.target.checked ? 'appendix_d' : null, ...(e.target.checked ? { sgForm: null } : {}) })}
          />
          Appendix D subset: 3 P3 tasks per split × source subtype, topped up to 12 per split (36 on the full bank)
        </label>
        <label>
          Selection–generation form (Appendix P)
          <select
            name="sgForm"
            data-testid="sg-form-select"
            value={value.sgForm ?? ''}
            onChange={(e) => {
              const form = e.target.value === '' ? null : (e.target.value as SgForm);
              onChange({ ...value, sgForm: form, ...(form ? { subset: null, control: 'default' as const } : {}) });
            }}
          >
            <option value="">off: the probes as usual</option>
            {SG_FORMS.map((f) => (
              <option key={f} value={f}>
                {f}: {SG_FORM_NAMES[f]}
              </option>
            ))}
          </select>
        </label>
        {value.sgForm && (
          <p className="note" data-testid="sg-form-description">
            Runs the selection’s medium and hard P2 tasks as probe groups in form {value.sgForm}, with its own prompt (no control block). Built-in agents
            do not answer this format; use your model.
          </p>
        )}
      </fieldset>
    </>
  );
}
