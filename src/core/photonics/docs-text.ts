/**
 * The project's documentation as one string, for tests that check a figure quoted there against
 * the solver (docs-figures/*.test.ts): README.md and every Markdown file under docs/, so a sentence
 * keeps being found when README is split into docs/*.md. Node only (reads the working tree).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function markdownUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => join(dir, f));
}

/** README.md followed by docs/**\/*.md, separated by blank lines. */
export function documentationText(): string {
  const files = [join(ROOT, 'README.md'), ...markdownUnder(join(ROOT, 'docs'))].filter((f) => existsSync(f));
  return files.map((f) => readFileSync(f, 'utf8')).join('\n\n');
}

/**
 * Throws unless the documentation contains `fragment` verbatim, up to white space (a Markdown line
 * break inside a sentence is a space when rendered). The message is the fragment itself,
 * so a failing figure test prints the sentence the solver now supports (a diff against the whole
 * documentation would bury it).
 */
export function assertDocumented(fragment: string, docs: string = documentationText()): void {
  const squash = (t: string): string => t.replace(/\s+/g, ' ');
  if (!squash(docs).includes(squash(fragment))) throw new Error(`the documentation does not state: ${fragment}`);
}

/** A measured error as the documentation states its bound: rounded up to one significant digit, e.g. 1.3e-3 → "2e-3". */
export function boundText(measured: number): string {
  const unit = 10 ** Math.floor(Math.log10(measured));
  return (Math.ceil(measured / unit - 1e-9) * unit).toExponential(0);
}
