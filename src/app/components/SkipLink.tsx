import type { MouseEvent } from 'react';

/** The id of the page's <main>, which the skip link moves focus to. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Skip to content": the first thing Tab reaches, hidden until focused. The page routes on the URL
 * hash, so a plain `href="#main-content"` would navigate to a route of that name; the click moves
 * focus to <main> instead (and the href stays, so the link reads as a link).
 */
export function SkipLink() {
  const skip = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    const main = document.getElementById(MAIN_CONTENT_ID);
    main?.focus();
    main?.scrollIntoView({ block: 'start' });
  };
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skip} data-testid="skip-link">
      Skip to content
    </a>
  );
}
