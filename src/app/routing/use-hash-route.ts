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

/** Navigates by hash; `replace` avoids a history entry per keystroke when filters change. */
export function navigate(route: Route, options: { replace?: boolean } = {}): void {
  const href = routeHref(route);
  if (options.replace) {
    window.history.replaceState(null, '', href);
    // replaceState does not fire hashchange; tell subscribers ourselves.
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  } else {
    window.location.hash = href.slice(1);
  }
}
