import { describe, expect, it } from 'vitest';
import { normalizeDesignFields, normalizeTopLevel } from './aliases.ts';

describe('normalizeDesignFields', () => {
  it('maps the common spellings onto canonical names', () => {
    const r = normalizeDesignFields({ L: 50, b: 10, t_s: 200, hp_um: 150, m_tip: 2, R_value: 10000 });
    expect(r).toEqual({
      ok: true,
      value: {
        beam_length_mm: 50,
        beam_width_mm: 10,
        substrate_thickness_um: 200,
        piezo_thickness_um: 150,
        tip_mass_g: 2,
        load_resistance_ohm: 10000,
      },
    });
  });

  it.each([
    ['L_mm', 'beam_length_mm'],
    ['length_mm', 'beam_length_mm'],
    ['width', 'beam_width_mm'],
    ['hs_um', 'substrate_thickness_um'],
    ['t_p', 'piezo_thickness_um'],
    ['tip_mass', 'tip_mass_g'],
    ['mp', 'tip_mass_g'],
    ['R', 'load_resistance_ohm'],
    ['R_L', 'load_resistance_ohm'],
    ['R_ohm', 'load_resistance_ohm'],
    ['load_resistance', 'load_resistance_ohm'],
  ])('%s → %s', (alias, name) => {
    const r = normalizeDesignFields({ [alias]: 1 });
    expect(r.ok && Object.keys(r.value)).toEqual([name]);
  });

  it('rejects unit strings instead of converting them', () => {
    const r = normalizeDesignFields({ R: '10 kΩ' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/load_resistance_ohm.*"10 kΩ".*plain JSON number/);
  });

  it('rejects conflicting duplicates but accepts agreeing ones', () => {
    expect(normalizeDesignFields({ L: 50, beam_length_mm: 60 }).ok).toBe(false);
    expect(normalizeDesignFields({ L: 50, beam_length_mm: 50 }).ok).toBe(true);
  });

  it('keeps unknown keys for the schema to reject', () => {
    const r = normalizeDesignFields({ colour: 1 });
    expect(r.ok && r.value).toEqual({ colour: 1 });
  });

  it('rejects a non-object design', () => {
    expect(normalizeDesignFields([1, 2]).ok).toBe(false);
    expect(normalizeDesignFields(null).ok).toBe(false);
  });
});

describe('normalizeTopLevel', () => {
  it('maps action_type, order and rank', () => {
    expect(normalizeTopLevel({ action_type: 'stop' })).toEqual({ ok: true, value: { action: 'stop' } });
    expect(normalizeTopLevel({ order: ['A'] })).toEqual({ ok: true, value: { ranking: ['A'] } });
    expect(normalizeTopLevel({ Rank: ['B'] })).toEqual({ ok: true, value: { ranking: ['B'] } });
  });
});
