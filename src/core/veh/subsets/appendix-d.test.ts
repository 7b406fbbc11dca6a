import { describe, expect, it } from 'vitest';
import { fixtureP2, fixtureP3 } from '../protocol/test-fixtures.ts';
import type { P3Task, VehTask } from '../task-schema.ts';
import { APPENDIX_D_PER_SPLIT, appendixDSubset, applySubset } from './appendix-d.ts';
import { selectForControls } from './select.ts';

/** The full P3 bank's strata, Table 11 (and the shipped bank: public/banks/veh/P3.jsonl). */
const BANK_STRATA: [P3Task['split'], string, number][] = [
  ['dev', 'boundary_binding', 20],
  ['dev', 'paper_like', 17],
  ['dev', 'power_tight', 12],
  ['dev', 'resonance_tuned', 15],
  ['test_id', 'boundary_binding', 10],
  ['test_id', 'paper_like', 4],
  ['test_id', 'power_tight', 15],
  ['test_id', 'resonance_tuned', 11],
  ['test_ood', 'projected_boundary', 18],
  ['test_ood', 'projected_resonance', 34],
];

function tableElevenBank(): P3Task[] {
  const base = fixtureP3(0);
  return BANK_STRATA.flatMap(([split, sub, n]) =>
    Array.from({ length: n }, (_, i) => ({ ...base, task_id: `p3-${split}-${sub}-${String(i).padStart(2, '0')}`, split, source_p2_subtype: sub })),
  );
}

const strata = (tasks: readonly P3Task[]): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const t of tasks) out[`${t.split}/${t.source_p2_subtype}`] = (out[`${t.split}/${t.source_p2_subtype}`] ?? 0) + 1;
  return out;
};

describe('Appendix D P3 intervention subset', () => {
  it('has Table 11 composition: 3 per observed stratum, 12 per split, test_ood topped up to 3 / 9', () => {
    const subset = appendixDSubset(tableElevenBank());
    expect(subset).toHaveLength(36);
    expect(strata(subset)).toEqual({
      'dev/boundary_binding': 3,
      'dev/paper_like': 3,
      'dev/power_tight': 3,
      'dev/resonance_tuned': 3,
      'test_id/boundary_binding': 3,
      'test_id/paper_like': 3,
      'test_id/power_tight': 3,
      'test_id/resonance_tuned': 3,
      'test_ood/projected_boundary': 3,
      'test_ood/projected_resonance': 9,
    });
    for (const split of ['dev', 'test_id', 'test_ood']) expect(subset.filter((t) => t.split === split)).toHaveLength(APPENDIX_D_PER_SPLIT);
  });

  it('is deterministic and independent of the input order and of other probes', () => {
    const bank = tableElevenBank();
    const ids = appendixDSubset(bank).map((t) => t.task_id);
    const mixed: VehTask[] = [fixtureP2(1), ...[...bank].reverse(), fixtureP2(2)];
    expect(appendixDSubset(mixed).map((t) => t.task_id)).toEqual(ids);
    expect(new Set(ids).size).toBe(36);
  });

  it('the seed changes which tasks are drawn, never how many per stratum', () => {
    const bank = tableElevenBank();
    const a = appendixDSubset(bank, 42);
    const b = appendixDSubset(bank, 7);
    expect(b.map((t) => t.task_id)).not.toEqual(a.map((t) => t.task_id));
    expect(strata(b)).toEqual(strata(a));
  });

  it('keeps every task of a stratum smaller than three, and applySubset keeps the list order', () => {
    const base = fixtureP3(0);
    const small: P3Task[] = [
      ...Array.from({ length: 2 }, (_, i) => ({ ...base, task_id: `s-${i}`, split: 'dev' as const, source_p2_subtype: 'paper_like' })),
      ...Array.from({ length: 20 }, (_, i) => ({ ...base, task_id: `b-${i}`, split: 'dev' as const, source_p2_subtype: 'power_tight' })),
    ];
    expect(strata(appendixDSubset(small))).toEqual({ 'dev/paper_like': 2, 'dev/power_tight': 10 });
    const kept = applySubset(small, 'appendix_d');
    expect(kept.map((t) => t.task_id)).toEqual(small.map((t) => t.task_id).filter((id) => kept.some((k) => k.task_id === id)));
  });
});

describe('the Appendix D subset under a narrower selection', () => {
  it('is drawn from the whole bank and then narrowed, so a filter never swaps in other tasks', () => {
    const bank = tableElevenBank();
    const full = selectForControls(bank, { subset: 'appendix_d', sgForm: null }).tasks.map((t) => t.task_id);
    // Selection: only the power_tight stratum of dev. Drawn from the selection alone it would pick 3
    // power_tight tasks *and* top the split up to 12 from them; drawn from the bank it keeps exactly
    // the subset's dev power_tight members.
    const narrow = bank.filter((t) => t.split === 'dev' && t.source_p2_subtype === 'power_tight');
    const picked = selectForControls(narrow, { subset: 'appendix_d', sgForm: null, bank }).tasks.map((t) => t.task_id);
    expect(picked).toEqual(full.filter((id) => id.startsWith('p3-dev-power_tight')));
    expect(picked.length).toBeGreaterThan(0);
    expect(picked.every((id) => narrow.some((t) => t.task_id === id))).toBe(true);
  });
});
