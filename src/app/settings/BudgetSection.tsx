import type { ModelPrice } from '../../core/llm/prices.ts';
import { Field } from './Field.tsx';
import type { DraftErrors, SettingsDraft } from './settings-draft.ts';

interface BudgetSectionProps {
  draft: SettingsDraft;
  errors: DraftErrors;
  onChange: (patch: Partial<SettingsDraft>) => void;
  /** The bundled table's price for the draft's model, if it lists one. */
  listedPrice: ModelPrice | null;
}

/** Per-task budgets (a soft stop: status budget_exceeded, work kept) and the model's price. */
export function BudgetSection({ draft, errors, onChange, listedPrice }: BudgetSectionProps) {
  return (
    <fieldset className="settings-group">
      <legend>Per-task budgets and price</legend>
      <p className="note">A task that reaches a limit ends with status budget_exceeded and keeps what it did. Empty means no limit.</p>
      <div className="settings-row">
        <Field label="Max turns (agent replies)" error={errors.maxTurns}>
          <input type="number" data-testid="budget-turns" min={1} step={1} value={draft.maxTurns} onChange={(e) => onChange({ maxTurns: e.target.value })} />
        </Field>
        <Field label="Max cost per task (USD)" error={errors.maxCostUsd} hint="Unknown prices count as 0 against it.">
          <input type="number" data-testid="budget-cost" min={0} step="any" value={draft.maxCostUsd} onChange={(e) => onChange({ maxCostUsd: e.target.value })} />
        </Field>
        <Field label="Timeout per task (s)" error={errors.timeoutS}>
          <input type="number" data-testid="budget-timeout" min={1} step="any" value={draft.timeoutS} onChange={(e) => onChange({ timeoutS: e.target.value })} />
        </Field>
      </div>
      <p className="note" data-testid="listed-price">
        {listedPrice
          ? `Listed price for ${listedPrice.model}: $${listedPrice.input} input / $${listedPrice.output} output per 1M tokens (${listedPrice.source}, as of ${listedPrice.as_of}).`
          : 'This model is not in the built-in price table, so costs will show as unknown unless you enter its price here (0 for a free local server).'}
      </p>
      <div className="settings-row">
        <Field label="Your price: input (USD per 1M tokens)" error={errors.priceInput}>
          <input type="number" data-testid="price-input" min={0} step="any" value={draft.priceInput} onChange={(e) => onChange({ priceInput: e.target.value })} />
        </Field>
        <Field label="Your price: output (USD per 1M tokens)" error={errors.priceOutput}>
          <input type="number" data-testid="price-output" min={0} step="any" value={draft.priceOutput} onChange={(e) => onChange({ priceOutput: e.target.value })} />
        </Field>
      </div>
    </fieldset>
  );
}
