// Placeholder until the owning helper fills it in (issue 4 work in progress).
export function RunDetailPage({ storeId, taskIndex }: { storeId: string; taskIndex: number | null; query: URLSearchParams }) {
  return <h1>{storeId} {taskIndex}</h1>;
}
