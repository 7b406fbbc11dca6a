import type { AgentDescriptor } from '../../core/agent/types.ts';

import { CONTROL_CONDITIONS, CONTROL_DESCRIPTIONS, type ControlCondition } from '../../core/veh/protocol/control-blocks.ts';
import type { P3Variant } from '../../core/veh/protocol/prompts.ts';
import { SG_FORMS, SG_FORM_NAMES, type SgForm } from '../../core/veh/protocol/sg-forms.ts';
import type { SubsetId } from '../../core/veh/subsets/appendix-d.ts';

export interface RunSettings {
  agentId: string;
  seed: number;
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

interface RunControlsProps {
  agents: readonly AgentDescriptor[];
  settings: RunSettings;
  onChange: (next: RunSettings) => void;
  onRun: () => void;
  onCancel: () => void;
  canRun: boolean;
  running: boolean;
  /** Why Run is disabled, shown next to the button. */
  blockedReason: string | null;
}

export const PRIVILEGED_LABEL = 'calibration, reads hidden reference';

export function RunControls({ agents, settings, onChange, onRun, onCancel, canRun, running, blockedReason }: RunControlsProps) {
  const agent = agents.find((a) => a.id === settings.agentId);
  return (
    <form
      className="panel run-controls"
      aria-label="Run settings"
      onSubmit={(e) => {
        e.preventDefault();
        if (canRun && !running) onRun();
      }}
    >
      <label>
        Agent
        <select
          name="agent"
          data-testid="agent-select"
          value={settings.agentId}
          disabled={running}
          onChange={(e) => onChange({ ...settings, agentId: e.target.value })}
        >
          {agents.map((a) => (
            <option key={a.id} value={a.id}>
              {a.label}
              {a.privileged ? ` (${PRIVILEGED_LABEL})` : ''}
            </option>
          ))}
        </select>
      </label>
      {agent && (
        <p className="agent-description" data-testid="agent-description">
          {agent.privileged && <span className="tag warning">{PRIVILEGED_LABEL}</span>} {agent.description}
        </p>
      )}
      <label>
        Seed
        <input
          type="number"
          name="seed"
          data-testid="seed-input"
          min={0}
          step={1}
          value={settings.seed}
          disabled={running}
          onChange={(e) => onChange({ ...settings, seed: Number.isFinite(e.target.valueAsNumber) ? Math.trunc(e.target.valueAsNumber) : 0 })}
        />
      </label>
      <fieldset className="inline-options" disabled={running}>
        <legend>P3 prompt variant</legend>
        <label>
          <input
            type="radio"
            name="p3Variant"
            value="raw_history"
            checked={settings.p3Variant === 'raw_history'}
            onChange={() => onChange({ ...settings, p3Variant: 'raw_history' })}
          />
          raw corrupted history
        </label>
        <label>
          <input
            type="radio"
            name="p3Variant"
            value="state_summary"
            checked={settings.p3Variant === 'state_summary'}
            onChange={() => onChange({ ...settings, p3Variant: 'state_summary' })}
          />
          verifier-authored state summary
        </label>
        {settings.control === 'state_summary_plus' && <span className="note">The state-summary-plus control always uses the state summary.</span>}
      </fieldset>
      <fieldset className="run-audit-options" disabled={running}>
        <legend>Audit controls</legend>
        <label>
          Prompt control (Appendix Q)
          <select
            name="control"
            data-testid="control-select"
            value={settings.control}
            disabled={settings.sgForm !== null}
            onChange={(e) => onChange({ ...settings, control: e.target.value as ControlCondition })}
          >
            {CONTROL_CONDITIONS.map((c) => (
              <option key={c} value={c}>
                {CONTROL_LABELS[c]}
              </option>
            ))}
          </select>
        </label>
        <p className="note" data-testid="control-description">
          {CONTROL_DESCRIPTIONS[settings.control]}.
        </p>
        <label>
          <input
            type="checkbox"
            name="subset"
            data-testid="subset-checkbox"
            checked={settings.subset === 'appendix_d'}
            onChange={(e) => onChange({ ...settings, subset: e.target.checked ? 'appendix_d' : null, ...(e.target.checked ? { sgForm: null } : {}) })}
          />
          Appendix D subset: 3 P3 tasks per split × source subtype, topped up to 12 per split (36 on the full bank)
        </label>
        <label>
          Selection–generation form (Appendix P)
          <select
            name="sgForm"
            data-testid="sg-form-select"
            value={settings.sgForm ?? ''}
            onChange={(e) => {
              const form = e.target.value === '' ? null : (e.target.value as SgForm);
              onChange({ ...settings, sgForm: form, ...(form ? { subset: null, control: 'default' as const } : {}) });
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
        {settings.sgForm && (
          <p className="note" data-testid="sg-form-description">
            Runs the selection’s medium and hard P2 tasks as probe groups in form {settings.sgForm}, with its own prompt (no control block). Built-in agents
            do not answer this format; use your model.
          </p>
        )}
      </fieldset>
      <div className="button-row">
        <button type="submit" className="primary" data-testid="run-button" disabled={!canRun || running}>
          Run
        </button>
        <button type="button" data-testid="cancel-button" disabled={!running} onClick={onCancel}>
          Cancel
        </button>
        {blockedReason && !running && <span className="note">{blockedReason}</span>}
      </div>
    </form>
  );
}
