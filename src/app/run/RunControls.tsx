import type { AgentDescriptor } from '../../core/agent/types.ts';

import type { P3Variant } from '../../core/veh/protocol/prompts.ts';

export interface RunSettings {
  agentId: string;
  seed: number;
  p3Variant: P3Variant;
}

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
