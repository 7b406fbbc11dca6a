import { describe, expect, it } from 'vitest';
import { literalResolver } from '../../core/photonics/literal-resolver.ts';
import { ModeProblemSchema } from '../../core/photonics/slab/problem.ts';
import { solveMode } from '../../core/photonics/slab/solve.ts';
import { formatCell, MAX_TABLE_ROWS, resultTables } from './result-tables.ts';

describe('result tables', () => {
  it('one row per wavelength with every list of that length as a column; scalars as facts', () => {
    const t = resultTables({ kind: 'scattering', wavelengths_nm: [500, 600], qext: [3.1, 2.9], qsca: [3.1, 2.9], fit: { fsr_nm: 4 }, backend: 'wasm', warnings: ['w'], conventions: { a: 'b' } });
    expect(t.facts).toEqual([
      ['fit.fsr_nm', 4],
      ['backend', 'wasm'],
    ]);
    expect(t.tables).toHaveLength(1);
    expect(t.tables[0]).toMatchObject({ id: 'table-spectrum', columns: ['wavelengths_nm', 'qext', 'qsca'], rows: [[500, 3.1, 3.1], [600, 2.9, 2.9]], totalRows: 2 });
  });

  it('one row per (wavelength, angle) for [wavelength][angle] grids', () => {
    const t = resultTables({ kind: 'layer_stack', wavelengths_nm: [500, 600], angles_deg: [0, 30, 60], R: [[1, 2, 3], [4, 5, 6]], T: [[0, 0, 0], [0, 0, 0]] });
    expect(t.tables[0]?.columns).toEqual(['wavelengths_nm', 'angle_deg', 'R', 'T']);
    expect(t.tables[0]?.rows[4]).toEqual([600, 30, 5, 0]);
    expect(t.tables[0]?.totalRows).toBe(6);
  });

  it('lists of records become their own tables, nested scalars flattened (a real slab solve)', () => {
    const SIO2 = { n: 1.444, k: 0 };
    const result = solveMode(ModeProblemSchema.parse({ kind: 'mode', structure: { type: 'slab', core: { material: { n: 3.476, k: 0 }, thickness_nm: 220 }, cover: SIO2, substrate: SIO2 }, polarization: 'both', wavelength_nm: 1550 }), {
      materials: literalResolver,
    });
    const t = resultTables(result);
    const modes = t.tables.find((x) => x.id === 'table-modes');
    expect(modes?.columns).toEqual(expect.arrayContaining(['polarization', 'order', 'n_eff', 'n_g']));
    expect(modes?.rows).toHaveLength(result.modes.length);
    // The indices are one record per wavelength: they are columns of the spectrum table, not a table.
    expect(t.tables.find((x) => x.id === 'table-indices')).toBeUndefined();
    expect(t.tables[0]?.columns).toEqual(expect.arrayContaining(['indices.core.n', 'indices.cover.k']));
    expect(t.tables[0]?.columns).not.toContain('indices.wavelength_nm');
  });

  it('per-wavelength records (relative_index [{n, k}]) become spectrum columns', () => {
    const t = resultTables({ wavelengths_nm: [500, 600], qext: [1, 2], relative_index: [{ n: 1.1, k: 0.1 }, { n: 1.2, k: 0.2 }] });
    expect(t.tables).toHaveLength(1);
    expect(t.tables[0]?.columns).toEqual(['wavelengths_nm', 'qext', 'relative_index.n', 'relative_index.k']);
    expect(t.tables[0]?.rows[1]).toEqual([600, 2, 1.2, 0.2]);
  });

  it('circuits: a spectrum column per port pair, figures as facts, link-budget elements as a table', () => {
    const t = resultTables({
      kind: 'circuit',
      wavelengths_nm: [1550, 1551],
      transmission: [{ from: 'in', to: 'drop', power: [0.1, 0.9], phase_rad: [0, 1] }],
      figures: { fsr_nm: 9.1 },
      link_budget: { elements: [{ name: 'coupler', loss_db: 3 }], margin_db: 2 },
    });
    expect(t.tables[0]?.columns).toEqual(['wavelengths_nm', 'in→drop power', 'in→drop phase_rad']);
    expect(t.tables[0]?.rows[1]).toEqual([1551, 0.9, 1]);
    expect(t.facts).toEqual(expect.arrayContaining([['figures.fsr_nm', 9.1], ['link_budget.margin_db', 2]]));
    expect(t.tables.map((x) => x.id)).toEqual(['table-spectrum', 'table-link_budget.elements']);
  });

  it(`shows at most ${MAX_TABLE_ROWS} rows and says how many there are`, () => {
    const n = 2500;
    const x = Array.from({ length: n }, (_, i) => 400 + i);
    const t = resultTables({ wavelengths_nm: x, q: x });
    expect(t.tables[0]?.rows).toHaveLength(MAX_TABLE_ROWS);
    expect(t.tables[0]?.totalRows).toBe(n);
  });

  it('formats to six significant digits without trailing zeros', () => {
    expect(formatCell(3.105433968)).toBe('3.10543');
    expect(formatCell(1.5)).toBe('1.5');
    expect(formatCell(1550)).toBe('1550');
    expect(formatCell(1.05e-5)).toBe('1.05e-5');
    expect(formatCell(0)).toBe('0');
    expect(formatCell(null)).toBe('—');
    expect(formatCell('TE')).toBe('TE');
    expect(formatCell(Number.NaN)).toBe('NaN');
  });
});
