// Placeholder until the owning helper fills it in (issue 4/7 work in progress).
export function RunsPage({ query }: { query: URLSearchParams }) {
  return <h1>{query.size >= 0 ? 'RunsPage' : ''}</h1>;
}
