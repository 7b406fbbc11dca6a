import type { ReactNode } from 'react';
import type { AgentDescriptor } from '../../core/agent/types.ts';

/** The Run form's settings every suite has; a suite's own fields come as children (SuiteView.runOptions). */
export interface RunSettings {
  agentId: string;
  seed: number;
}
interface RunControlsProps {
  agents: readonly AgentDescriptor[];
  /** The suite's own fields, between the seed and the buttons. */
  children?: ReactNode;
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

export function RunControls({ agents, settings, onChange, onRun, onCancel, canRun, running, blockedReason, children }: RunControlsProps) {
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
      {children}
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
