/**
 * The model configuration the settings page saves (IndexedDB row `model-settings`) and the run page
 * reads: endpoint preset, model settings, per-task budgets and an optional user-entered price. No
 * key in here, by construction: keys live in the secret store (src/adapters/browser/secret-store.ts).
 */
import { z } from 'zod';
import { EpisodeBudgetSchema } from '../../core/llm/budget.ts';
import { ModelSettingsSchema } from '../../core/llm/settings.ts';
import { PresetIdSchema } from './presets.ts';

export const STORED_SETTINGS_VERSION = 1;

/** USD per 1M tokens, for a model the bundled price table does not list (OpenRouter, a local server: 0). */
export const CustomPriceSchema = z.strictObject({
  input: z.number().nonnegative(),
  output: z.number().nonnegative(),
  /** YYYY-MM-DD the user entered it (the price table records when each figure was read). */
  as_of: z.iso.date(),
});
export type CustomPrice = z.infer<typeof CustomPriceSchema>;

export const StoredModelConfigSchema = z.strictObject({
  schema_version: z.literal(STORED_SETTINGS_VERSION),
  preset: PresetIdSchema,
  settings: ModelSettingsSchema,
  budget: EpisodeBudgetSchema,
  custom_price: CustomPriceSchema.nullable(),
});
export type StoredModelConfig = z.infer<typeof StoredModelConfigSchema>;

/** The row as read: null until the user saves a configuration (built-in agents need none). */
export const StoredModelConfigRowSchema = StoredModelConfigSchema.nullable();
