import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InverseDesignProblemSchema, MAX_TOPOPT_CELLS } from './problem.ts';
import { gridCells } from './layout.ts';

describe('InverseDesignProblemSchema', () => {
  it('fills a resolved default setup: 1550 nm, Si/SiO₂ effective indices, 40 nm cells, 2 µm × 2 µm design region', () => {
    const p = InverseDesignProblemSchema.parse({ kind: 'inverse_design', device: 'bend' });
    expect(p).toMatchObject({ wavelength_nm: 1550, core_index: 2.85, cladding_index: 1.44, cell_nm: 40, design_width_nm: 2000, design_height_nm: 2000, iterations: 30, start: 'uniform' });
    // 50 design cells + 2 × (10 port + 8 PML) per side.
    expect(gridCells(p)).toEqual({ nx: 86, ny: 86, npml: 8, port: 10, designX: 50, designY: 50 });
  });

  it('names its units in every length field (the JSON Schema the form and `schema photonics` print)', () => {
    const schema = z.toJSONSchema(InverseDesignProblemSchema, { io: 'input', unrepresentable: 'any' }) as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(['wavelength_nm', 'cell_nm', 'design_width_nm', 'design_height_nm', 'waveguide_width_nm', 'filter_radius_nm', 'pml_nm', 'port_length_nm', 'iterations']),
    );
    expect(schema.required).toEqual(['kind', 'device']);
  });

  it('rejects a grid too big with a message naming cell_nm and the cell count', () => {
    const r = InverseDesignProblemSchema.safeParse({ kind: 'inverse_design', device: 'bend', cell_nm: 10 });
    expect(r.success).toBe(false);
    const issue = r.error?.issues.find((i) => i.path.join('.') === 'cell_nm');
    expect(issue?.message).toMatch(new RegExp(`grid too big: 344 × 344 = 118336 cells exceeds ${MAX_TOPOPT_CELLS}; raise cell_nm`));
  });

  it('rejects a thin PML, a port too short for source and monitors, guides wider than the region and a core below the cladding', () => {
    const bad = (extra: object, path: string) => {
      const r = InverseDesignProblemSchema.safeParse({ kind: 'inverse_design', device: 'splitter', ...extra });
      expect(r.success).toBe(false);
      expect(r.error?.issues.map((i) => i.path.join('.'))).toContain(path);
    };
    bad({ pml_nm: 100 }, 'pml_nm');
    bad({ port_length_nm: 160 }, 'port_length_nm');
    bad({ arm_separation_nm: 1800 }, 'waveguide_width_nm');
    bad({ core_index: 1.4 }, 'core_index');
    bad({ beta_start: 8, beta_max: 4 }, 'beta_max');
  });

  it('rejects splitter arms that overlap (a 100 nm separation of 400 nm guides once gave FOM 1.35) and a grid under 4 cells per wavelength', () => {
    const splitter = InverseDesignProblemSchema.safeParse({ kind: 'inverse_design', device: 'splitter', arm_separation_nm: 100 });
    expect(splitter.error?.issues.find((i) => i.path.join('.') === 'arm_separation_nm')?.message).toMatch(/arms overlap or touch/);
    expect(InverseDesignProblemSchema.safeParse({ kind: 'inverse_design', device: 'splitter', arm_separation_nm: 480 }).success).toBe(true);
    const coarse = InverseDesignProblemSchema.safeParse({ kind: 'inverse_design', device: 'bend', cell_nm: 140, pml_nm: 1120, port_length_nm: 1400 });
    expect(coarse.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([expect.stringMatching(/^cell_nm: cell_nm 140 gives only 3\.9 cells per wavelength/)]);
  });
});
