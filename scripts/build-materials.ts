// Regenerates src/core/photonics/materials/builtin-library.json from the database files in
// data/photonics/refractiveindex/ (every *.yml there). `--check` writes nothing and exits 1 when the
// committed JSON is stale. Run: npx tsx scripts/build-materials.ts [--check]
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileBuiltinLibrary, serializeBuiltinLibrary } from '../src/core/photonics/materials/builtin-format.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const DATA_DIR = join(root, 'data', 'photonics', 'refractiveindex');
export const OUT_FILE = join(root, 'src', 'core', 'photonics', 'materials', 'builtin-library.json');

const files = readdirSync(DATA_DIR)
  .filter((f) => f.endsWith('.yml'))
  .map((file) => ({ file, text: readFileSync(join(DATA_DIR, file), 'utf8') }));
const text = serializeBuiltinLibrary(compileBuiltinLibrary(files));

if (process.argv.includes('--check')) {
  const current = readFileSync(OUT_FILE, 'utf8');
  if (current !== text) {
    console.error(`${OUT_FILE} is stale: run npx tsx scripts/build-materials.ts`);
    process.exit(1);
  }
  console.log(`builtin-library.json is current (${files.length} datasets)`);
} else {
  writeFileSync(OUT_FILE, text);
  console.log(`wrote ${OUT_FILE} (${files.length} datasets, ${text.length} bytes)`);
}
