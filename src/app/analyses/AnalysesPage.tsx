// Placeholder until the owning helper fills it in (issue 4/7 work in progress).
export function AnalysesPage({ query }: { query: URLSearchParams }) {
  return <h1>{query.size >= 0 ? 'AnalysesPage' : ''}</h1>;
}
