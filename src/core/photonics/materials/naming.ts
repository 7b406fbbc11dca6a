/**
 * Names of library entries. A dataset is shown as `Material (Authors Year[, qualifier])`, e.g.
 * `Au (Johnson and Christy 1972)` or `LiNbO3 (Zelmon et al. 1997, extraordinary ray)`: the material
 * and page come from the database file name (`Au__Johnson.yml`, or a database path
 * `data-nk/main/Au/Johnson.yml`), the authors and year from the file's first REFERENCES entry.
 * Lookup keys are normalised so that case, spacing, "&" for "and" and stray dots do not matter.
 */

export interface FileId {
  /** The material ("book" in the database), e.g. "Au"; null when the file name does not say. */
  readonly material: string | null;
  /** The dataset ("page"), e.g. "Johnson" or "Zelmon-e". */
  readonly page: string;
}

/** Material and page from `Au__Johnson.yml`, `main/Au/Johnson.yml` or a bare `Johnson.yml`. */
export function parseFileName(fileName: string): FileId {
  const parts = fileName.replace(/\\/g, '/').split('/').filter((p) => p.length > 0);
  const base = (parts[parts.length - 1] ?? fileName).replace(/\.ya?ml$/i, '');
  const sep = base.indexOf('__');
  if (sep > 0) return { material: base.slice(0, sep), page: base.slice(sep + 2) };
  const book = parts.length >= 2 ? (parts[parts.length - 2] as string) : null;
  return { material: book, page: base };
}

/** Plain text of a REFERENCES field: HTML tags dropped, entities decoded, whitespace tidied. */
export function plainReference(html: string): string {
  return html
    .replace(/<br\s*\/?>|<\/br>/gi, '\n')
    .replace(/<a\s+href="([^"]*)"[^>]*>/gi, '[$1] ')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter((l) => l.length > 0)
    .join('\n');
}

/** "Johnson and Christy 1972" from the first reference, or null when it cannot be read. */
export function authorYear(references: string): string | null {
  const text = plainReference(references);
  const lines = text.split('\n');
  const firstLine = (lines[0] ?? '').replace(/^\d+\)\s*/, '');
  const authors = firstLine.replace(/\.$/, '').trim();
  if (authors.length === 0) return null;
  // The first reference runs until the next numbered one ("2) …").
  const end = lines.findIndex((l, i) => i > 0 && /^\d+\)/.test(l));
  const first = (end > 0 ? lines.slice(0, end) : lines).join(' ');
  const years = [...first.matchAll(/\((1[89]\d\d|20\d\d)\)/g)].map((m) => m[1]);
  const year = years[years.length - 1] ?? /\b(1[89]\d\d|20\d\d)\b/.exec(first.slice(authors.length))?.[1];
  const surnames = authors
    .split(/,\s*|\s+and\s+/)
    .map((a) => a.trim())
    .filter((a) => a.length > 0)
    .map((a) => a.split(/\s+|\./).filter((w) => w.length > 0).pop() as string);
  if (surnames.length === 0) return null;
  const who = surnames.length === 1 ? surnames[0] : surnames.length === 2 ? `${surnames[0]} and ${surnames[1]}` : `${surnames[0]} et al.`;
  return year === undefined ? (who as string) : `${who} ${year}`;
}

/**
 * Words for the part of a page name after its last "-": "e" → "extraordinary ray", "293K" → "293 K".
 * None when the whole page is an author's name ("Al-Kuhaili") or the suffix is the year.
 */
export function pageQualifier(page: string, year: string | null, authors = ''): string | null {
  const dash = page.lastIndexOf('-');
  if (dash < 0 || authors.toLowerCase().includes(page.toLowerCase())) return null;
  const q = page.slice(dash + 1);
  if (q === 'o') return 'ordinary ray';
  if (q === 'e') return 'extraordinary ray';
  const celsius = /^(-?\d+(?:\.\d+)?)C$/.exec(q);
  if (celsius !== null) return `${celsius[1]} °C`;
  const kelvin = /^(\d+(?:\.\d+)?)K$/.exec(q);
  if (kelvin !== null) return `${kelvin[1]} K`;
  if (year !== null && q === year) return null;
  return q.length > 0 ? q : null;
}

/** The display name of a dataset, e.g. "Au (Johnson and Christy 1972)". */
export function displayName(material: string, page: string, references: string): string {
  const ay = authorYear(references);
  const year = ay === null ? null : (/(\d{4})$/.exec(ay)?.[1] ?? null);
  const qualifier = pageQualifier(page, year, ay ?? '');
  const source = ay ?? page;
  return `${material} (${source}${qualifier === null ? '' : `, ${qualifier}`})`;
}

/** The lookup key of a name: case, whitespace, dots, commas and "&"/"and" do not matter. */
export function normalizeName(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[\s.,]+/g, '');
}

/** Levenshtein distance, for "did you mean" lists. */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur.push(Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + cost));
    }
    prev = cur;
  }
  return prev[b.length] as number;
}

/** Lower-case words of a name, without the connectives of author lists. */
function words(name: string): string[] {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0 && w !== 'and' && w !== 'et' && w !== 'al');
}

/**
 * A query word matches a name word when equal, a prefix of it (3+ characters), the name word plus one
 * stray character ("aux" → "au"), or one edit away (4+ letters; never for formulas, so "tio2" does not
 * match "sio2").
 */
function wordMatches(q: string, w: string): boolean {
  if (q === w) return true;
  if (q.length >= 3 && w.startsWith(q)) return true;
  if (w.length >= 2 && q.length === w.length + 1 && q.startsWith(w)) return true;
  return q.length >= 4 && w.length >= 4 && !/\d/.test(q + w) && editDistance(q, w) <= 1;
}

/** Queries longer than this get no close matches. */
const CLOSE_MATCH_MAX_QUERY = 200;

/**
 * Up to `limit` candidate names for a query that matched nothing: ranked by how many of the query's
 * words they contain (exactly, as a prefix, or with one typo), then by edit distance. "sio2 malitson"
 * finds "SiO2 (Malitson 1965)"; "Au (Jonson and Christy 1972)" finds Johnson and Christy first.
 */
export function closeMatches(query: string, names: readonly string[], limit = 5): string[] {
  // No library name is this long, and the edit distance to a huge query (a 100 MB name) would hang.
  if (query.length > CLOSE_MATCH_MAX_QUERY) return [];
  const qWords = words(query);
  const q = normalizeName(query);
  return names
    .map((name) => {
      const nWords = words(name);
      const hits = qWords.filter((qw) => nWords.some((nw) => wordMatches(qw, nw))).length;
      return { name, hits, distance: editDistance(q, normalizeName(name)) };
    })
    .filter((c) => c.hits > 0)
    .sort((a, b) => b.hits - a.hits || a.distance - b.distance || a.name.localeCompare(b.name))
    .slice(0, limit)
    .map((c) => c.name);
}
