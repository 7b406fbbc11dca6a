/**
 * Run records written before the suite contract (app versions up to 0.1.0's first store): every
 * run was a VEHBench run, and its recipe held VEH's run options at the top level — `p3_variant`
 * and an optional `controls` block — where a recipe now holds the suite's options under `options`
 * (`{ p3Variant, controls }` for VEH, the shape its options schema reads). Such records are
 * upgraded when read, in memory; the stored bytes stay as they are until the record is next written.
 */
const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function upgradeRecipe(recipe: unknown): unknown {
  if (!isRecord(recipe) || 'options' in recipe || !('p3_variant' in recipe)) return recipe;
  const { p3_variant, controls, ...rest } = recipe;
  return { ...rest, options: { p3Variant: p3_variant, ...(controls !== undefined ? { controls } : {}) } };
}

/** A `runs` record as this build reads it: a pre-contract recipe moved under `options`, anything else as it is. */
export function upgradeRunRecord(value: unknown): unknown {
  if (!isRecord(value) || !isRecord(value.summary) || !isRecord(value.summary.recipe)) return value;
  return { ...value, summary: { ...value.summary, recipe: upgradeRecipe(value.summary.recipe) } };
}
