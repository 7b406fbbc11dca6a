/**
 * Reading a stored row back through its zod schema. IndexedDB keeps whatever an older (or newer,
 * or buggy) page wrote, so a row that does not validate must not crash the page: the caller gets
 * the defaults and a note to show, saying what was wrong and that saving replaces the row.
 */
import type { z } from 'zod';

export interface ValidatedRow<T> {
  value: T;
  /** Shown to the user when the stored row was unreadable; null when it was fine or absent. */
  note: string | null;
}

export function validateRow<T>(raw: unknown, schema: z.ZodType<T>, defaults: T, what: string): ValidatedRow<T> {
  if (raw === undefined) return { value: defaults, note: null };
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { value: parsed.data, note: null };
  // Paths and messages only: the row's values are not echoed (a row could hold anything).
  const problems = parsed.error.issues
    .slice(0, 3)
    .map((i) => `${i.path.length > 0 ? i.path.join('.') : '(row)'}: ${i.message}`)
    .join('; ');
  const more = parsed.error.issues.length > 3 ? ` and ${parsed.error.issues.length - 3} more` : '';
  return { value: defaults, note: `The saved ${what} on this device could not be read (${problems}${more}); the defaults are shown instead. Saving replaces the stored copy.` };
}
