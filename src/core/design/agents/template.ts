/**
 * The starter template's free numbers: every numeric literal of a source outside comments and
 * strings, so a baseline can vary a design "within the template" — same code, other numbers.
 */
export interface NumericLiteral {
  start: number;
  end: number;
  value: number;
}

/** Blanks out comments and string literals (same length), so numbers inside them are not taken. */
function codeOnly(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`/g, (m) => ' '.repeat(m.length));
}

export function numericLiterals(source: string): NumericLiteral[] {
  const code = codeOnly(source);
  const out: NumericLiteral[] = [];
  for (const m of code.matchAll(/(?<![\w.$])(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?(?![\w.])/g)) {
    out.push({ start: m.index, end: m.index + m[0].length, value: Number(m[0]) });
  }
  return out;
}

/** The source with each literal replaced by `values[i]` (written with 4 significant digits). */
export function withLiterals(source: string, literals: readonly NumericLiteral[], values: readonly number[]): string {
  let out = '';
  let at = 0;
  literals.forEach((l, i) => {
    out += source.slice(at, l.start) + String(Number((values[i] as number).toPrecision(4)));
    at = l.end;
  });
  return out + source.slice(at);
}
