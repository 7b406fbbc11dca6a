/**
 * Hash routes of the page. Everything lives after the `#`, so the built folder works from any
 * static host and any sub-path without server rewrites. Browser filters travel in the hash's query
 * string (`#/suite/veh?probe=P1&split=dev`), which makes a selection shareable and lets the run
 * page pick up exactly what the browser showed. Every suite's pages live under its id
 * (`#/suite/circuit/run`); a suite id the build does not have is a not-found page.
 */
export type Route =
  | { name: 'home' }
  | { name: 'suite'; suiteId: string; query: URLSearchParams }
  | { name: 'task'; suiteId: string; taskId: string; query: URLSearchParams }
  | { name: 'run'; suiteId: string; query: URLSearchParams }
  | { name: 'playground'; query: URLSearchParams }
  | { name: 'settings'; query: URLSearchParams }
  | { name: 'runs'; query: URLSearchParams }
  | { name: 'run-detail'; storeId: string; taskIndex: number | null; query: URLSearchParams }
  | { name: 'leaderboard'; query: URLSearchParams }
  | { name: 'compare'; query: URLSearchParams }
  | { name: 'analyses'; query: URLSearchParams }
  | { name: 'gallery'; taskId: string | null; query: URLSearchParams }
  | { name: 'not-found'; path: string };

export function parseRoute(hash: string): Route {
  const raw = hash.replace(/^#/, '');
  const [pathPart = '', queryPart = ''] = splitOnce(raw, '?');
  const query = new URLSearchParams(queryPart);
  const segments = pathPart.split('/').filter((s) => s.length > 0);
  if (segments.length === 0) return { name: 'home' };
  if (segments.length === 1 && segments[0] === 'playground') return { name: 'playground', query };
  if (segments.length === 1 && segments[0] === 'settings') return { name: 'settings', query };
  if (segments.length === 1 && segments[0] === 'runs') return { name: 'runs', query };
  if (segments[0] === 'runs' && segments[1] !== undefined && segments.length === 2) return { name: 'run-detail', storeId: safeDecode(segments[1]), taskIndex: null, query };
  if (segments[0] === 'runs' && segments[1] !== undefined && segments[2] === 'task' && segments.length === 4) {
    const index = Number(segments[3]);
    if (Number.isInteger(index) && index >= 0) return { name: 'run-detail', storeId: safeDecode(segments[1]), taskIndex: index, query };
  }
  if (segments.length === 1 && segments[0] === 'leaderboard') return { name: 'leaderboard', query };
  if (segments.length === 1 && segments[0] === 'compare') return { name: 'compare', query };
  if (segments.length === 1 && segments[0] === 'analyses') return { name: 'analyses', query };
  if (segments[0] === 'gallery' && segments.length <= 2) return { name: 'gallery', taskId: segments[1] === undefined ? null : safeDecode(segments[1]), query };
  const suiteId = segments[0] === 'suite' && segments[1] !== undefined ? safeDecode(segments[1]) : null;
  if (suiteId === null || !/^[a-z0-9][a-z0-9-]*$/.test(suiteId)) return { name: 'not-found', path: pathPart };
  if (segments.length === 2) return { name: 'suite', suiteId, query };
  if (segments.length === 3 && segments[2] === 'run') return { name: 'run', suiteId, query };
  if (segments.length === 4 && segments[2] === 'task' && segments[3] !== undefined) {
    return { name: 'task', suiteId, taskId: safeDecode(segments[3]), query };
  }
  return { name: 'not-found', path: pathPart };
}

/** The href for a route; always starts with `#` so it resolves against the current document. */
export function routeHref(route: Route): string {
  switch (route.name) {
    case 'home':
      return '#/';
    case 'suite':
      return withQuery(`#/suite/${encodeURIComponent(route.suiteId)}`, route.query);
    case 'task':
      return withQuery(`#/suite/${encodeURIComponent(route.suiteId)}/task/${encodeURIComponent(route.taskId)}`, route.query);
    case 'run':
      return withQuery(`#/suite/${encodeURIComponent(route.suiteId)}/run`, route.query);
    case 'playground':
      return withQuery('#/playground', route.query);
    case 'settings':
      return withQuery('#/settings', route.query);
    case 'runs':
      return withQuery('#/runs', route.query);
    case 'run-detail':
      return withQuery(`#/runs/${encodeURIComponent(route.storeId)}${route.taskIndex === null ? '' : `/task/${route.taskIndex}`}`, route.query);
    case 'leaderboard':
      return withQuery('#/leaderboard', route.query);
    case 'compare':
      return withQuery('#/compare', route.query);
    case 'analyses':
      return withQuery('#/analyses', route.query);
    case 'gallery':
      return withQuery(route.taskId === null ? '#/gallery' : `#/gallery/${encodeURIComponent(route.taskId)}`, route.query);
    case 'not-found':
      return `#${route.path}`;
  }
}

function withQuery(path: string, query: URLSearchParams): string {
  const q = query.toString();
  return q.length > 0 ? `${path}?${q}` : path;
}

function splitOnce(s: string, sep: string): [string, string] {
  const i = s.indexOf(sep);
  return i < 0 ? [s, ''] : [s.slice(0, i), s.slice(i + 1)];
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
