// Placeholder during development; replaced by the Playground view (issue 5).
export function PlaygroundPage({ query }: { query: URLSearchParams }) {
  return <h1 data-query={query.toString()}>Photonics playground</h1>;
}
