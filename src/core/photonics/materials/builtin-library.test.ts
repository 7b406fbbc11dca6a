import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileBuiltinLibrary, serializeBuiltinLibrary } from './builtin-format.ts';
import builtinJson from './builtin-library.json';
import { BuiltinFileSchema, builtinDatasets, parseBuiltinFile } from './builtin.ts';

const DATA_DIR = join(import.meta.dirname, '..', '..', '..', '..', 'data', 'photonics', 'refractiveindex');
const JSON_FILE = join(import.meta.dirname, 'builtin-library.json');

describe('builtin-library.json', () => {
  const files = readdirSync(DATA_DIR)
    .filter((f) => f.endsWith('.yml'))
    .map((file) => ({ file, text: readFileSync(join(DATA_DIR, file), 'utf8') }));

  const generated = serializeBuiltinLibrary(compileBuiltinLibrary(files));

  it('is what scripts/build-materials.ts generates from data/photonics/refractiveindex (run it after changing the data)', () => {
    expect(readFileSync(JSON_FILE, 'utf8') === generated).toBe(true);
  });

  it('holds every database file of the data folder, once, with its CC0 licence beside them', () => {
    expect(files.length).toBeGreaterThanOrEqual(36);
    expect(builtinDatasets().map((d) => d.file)).toEqual(files.map((f) => f.file).sort());
    expect(readFileSync(join(DATA_DIR, 'LICENSE'), 'utf8')).toMatch(/^CC0 1\.0 Universal/);
    for (const f of files) expect(f.text, f.file).toMatch(/refractiveindex\.info database/);
  });

  it('is deterministic (sorted by file name, one dataset per line)', () => {
    const few = files.filter((f) => /^(Au|SiO2)__/.test(f.file));
    expect(serializeBuiltinLibrary(compileBuiltinLibrary([...few].reverse()))).toBe(serializeBuiltinLibrary(compileBuiltinLibrary(few)));
    expect(generated.split('\n')).toHaveLength(files.length + 3);
  });

  it('is checked by hand as the schema would: the same datasets, and a broken copy still fails with the schema\'s error', () => {
    expect(parseBuiltinFile(builtinJson)).toEqual(BuiltinFileSchema.parse(builtinJson).datasets);
    const broken = structuredClone(builtinJson) as { datasets: { n: { values?: unknown[] }[] }[] };
    (broken.datasets[0]?.n[0] as { values?: unknown[] }).values = ['1.5'];
    expect(() => parseBuiltinFile(broken)).toThrow(/expected number/);
    const extra = { ...structuredClone(builtinJson), more: 1 };
    expect(() => parseBuiltinFile(extra)).toThrow(/more/);
  });
});
