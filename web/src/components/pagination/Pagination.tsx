import { pageWindow } from './pageWindow';

interface PaginationProps {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  label: string;
}

/** First, previous, the pages from 4 before to 4 after the current one, next, last (docs/architecture.md#9-the-products-rules). */
export function Pagination({ page, pageCount, onPageChange, label }: PaginationProps) {
  if (pageCount <= 0) return null;
  const last = pageCount - 1;
  return (
    <nav className="pagination" aria-label={label}>
      <button type="button" onClick={() => onPageChange(0)} disabled={page === 0}>
        First
      </button>
      <button type="button" onClick={() => onPageChange(page - 1)} disabled={page === 0}>
        Previous
      </button>
      {pageWindow(page, pageCount).map((number) => (
        <button
          type="button"
          key={number}
          className={number === page ? 'current' : undefined}
          aria-current={number === page ? 'page' : undefined}
          aria-label={`Page ${number + 1}`}
          onClick={() => onPageChange(number)}
        >
          {number + 1}
        </button>
      ))}
      <button type="button" onClick={() => onPageChange(page + 1)} disabled={page >= last}>
        Next
      </button>
      <button type="button" onClick={() => onPageChange(last)} disabled={page >= last}>
        Last
      </button>
    </nav>
  );
}
