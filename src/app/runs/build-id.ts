/**
 * The page's build id: the content hash Vite puts in the entry script's name (assets/main-<hash>.js),
 * read from this module's own URL once bundled. Null on the dev server or any unhashed name.
 */
export function buildIdFromUrl(url: string): string | null {
  const m = /\/assets\/[^/]*?-([A-Za-z0-9_-]{6,})\.js(?:$|[?#])/.exec(url);
  return m?.[1] ?? null;
}

export const BUILD_ID: string | null = buildIdFromUrl(import.meta.url);
