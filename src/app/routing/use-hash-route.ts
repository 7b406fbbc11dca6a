import { useMemo, useSyncExternalStore } from 'react';
import { parseRoute, routeHref, type Route } from './route.ts';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

const readHash = (): string => window.location.hash;

/** The current route, re-rendering on every hash change. */
export function useHashRoute(): Route {
  const hash = useSyncExternalStore(subscribe, readHash);
  return useMemo(() => parseRoute(hash), [hash]);
}

/**
 * Navigates by hash; `replace` avoids a history entry per keystroke when filters change.
 * Subscribers hear of the change at once, not only from the browser's hashchange (which comes as a
 * later task): a radio or checkbox whose checked state is read from the hash is otherwise put back
 * by React at the end of its click, and shows its new state only a moment later (a check() that
 * looks in between failed in CI). The later hashchange finds the same hash and renders nothing.
 */
export function navigate(route: Route, options: { replace?: boolean } = {}): void {
  const href = routeHref(route);
  if (options.replace) window.history.replaceState(null, '', href);
  else window.location.hash = href.slice(1);
  window.dispatchEvent(new HashChangeEvent('hashchange'));
}
