import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validateRow } from './settings-db-row.ts';

const Schema = z.strictObject({ model: z.string().min(1), temperature: z.number().min(0).max(2) });
const DEFAULTS = { model: 'gpt-4o-mini', temperature: 0 };

describe('validateRow', () => {
  it('an absent row gives the defaults and no note', () => {
    expect(validateRow(undefined, Schema, DEFAULTS, 'model settings')).toEqual({ value: DEFAULTS, note: null });
  });

  it('a valid row comes back as stored', () => {
    expect(validateRow({ model: 'llama3.1:8b', temperature: 0.2 }, Schema, DEFAULTS, 'model settings')).toEqual({ value: { model: 'llama3.1:8b', temperature: 0.2 }, note: null });
  });

  it('a corrupt row gives the defaults and a note naming what is wrong, without its values', () => {
    const r = validateRow({ model: '', temperature: 'hot-secret-value' }, Schema, DEFAULTS, 'model settings');
    expect(r.value).toEqual(DEFAULTS);
    expect(r.note).toMatch(/model settings/);
    expect(r.note).toMatch(/model: /);
    expect(r.note).toMatch(/temperature: /);
    expect(r.note).not.toContain('hot-secret-value');
  });

  it('a row that is not an object at all is a note too, not a crash', () => {
    expect(validateRow('garbage', Schema, DEFAULTS, 'model settings').note).toMatch(/\(row\)/);
    expect(validateRow(null, Schema, DEFAULTS, 'model settings').value).toEqual(DEFAULTS);
  });
});
