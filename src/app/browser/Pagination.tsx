interface PaginationProps {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}

export function Pagination({ page, pageCount, onPage }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label="Task pages">
      <button type="button" onClick={() => onPage(0)} disabled={page === 0}>
        « first
      </button>
      <button type="button" onClick={() => onPage(page - 1)} disabled={page === 0}>
        ‹ previous
      </button>
      <span aria-live="polite">
        page {page + 1} of {pageCount}
      </span>
      <button type="button" onClick={() => onPage(page + 1)} disabled={page >= pageCount - 1}>
        next ›
      </button>
      <button type="button" onClick={() => onPage(pageCount - 1)} disabled={page >= pageCount - 1}>
        last »
      </button>
    </nav>
  );
}
