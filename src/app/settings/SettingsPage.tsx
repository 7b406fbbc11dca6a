// Placeholder during development; replaced by the model settings page (issue 3).
export function SettingsPage({ query }: { query: URLSearchParams }) {
  return <h1 data-query={query.toString()}>Model settings</h1>;
}
