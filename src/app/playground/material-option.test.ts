import { describe, expect, it } from 'vitest';
import { createMaterialLibrary } from '../../core/photonics/materials/library.ts';
import { materialOption } from './material-option.ts';

describe('material picker options', () => {
  it('show the wavelengths the data cover (Johnson & Christy gold: 187.9–1937 nm, the file’s 0.1879–1.937 µm)', () => {
    const library = createMaterialLibrary();
    expect(materialOption(library.info('Au (Johnson and Christy 1972)'))).toEqual({ name: 'Au (Johnson and Christy 1972)', detail: '187.9–1937 nm' });
  });

  it('mark imported entries', () => {
    const library = createMaterialLibrary({ builtin: false });
    const entry = library.importYaml('REFERENCES: "x"\nDATA:\n  - type: tabulated n\n    data: |\n        0.4 1.6\n        0.8 1.58\n', 'Glass (Test 2026)');
    expect(materialOption(entry).detail).toBe('400–800 nm, imported');
  });
});
