// Compiles every AssemblyScript kernel in assembly/ to build/wasm/<name>.wasm.
// Flags follow measured advice for this toolchain: the minimal runtime (the default
// incremental GC made numeric kernels ~7x slower), no asserts in release builds, and SIMD (used
// only where a kernel writes v128 code by hand; every browser with WebGPU also has wasm SIMD).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'build', 'wasm');
mkdirSync(outDir, { recursive: true });
const asc = join(root, 'node_modules', 'assemblyscript', 'bin', 'asc.js');
const kernels = readdirSync(join(root, 'assembly')).filter((f) => f.endsWith('.ts') && !f.startsWith('_'));
for (const file of kernels) {
  const name = file.replace(/\.ts$/, '');
  execFileSync(
    process.execPath,
    [asc, join('assembly', file), '-O3', '--noAssert', '--runtime', 'minimal', '--enable', 'simd', '--outFile', join(outDir, `${name}.wasm`)],
    { cwd: root, stdio: 'inherit' },
  );
  console.log(`built build/wasm/${name}.wasm`);
}
