// Placeholder until the owning helper fills it in (issue 4/7 work in progress).
export function LeaderboardPage({ query }: { query: URLSearchParams }) {
  return <h1>{query.size >= 0 ? 'LeaderboardPage' : ''}</h1>;
}
