import { useState, type ReactNode } from 'react';
import { Button } from './Button.tsx';

export interface CursorPages {
  /** 0-based page number. */
  page: number;
  /** The cursor that fetches the current page (null: the first page). */
  cursor: string | null;
  previous: () => void;
  next: (nextCursor: string | null) => void;
}

/**
 * Cursor paging for a list the server pages: a stack of cursors (index i fetches page i), so
 * Previous needs no cursor from the server. Back to the first page whenever `filters` change.
 */
export function useCursorPages(filters: unknown): CursorPages {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const key = JSON.stringify(filters);
  const [filterKey, setFilterKey] = useState(key);
  if (key !== filterKey) {
    setFilterKey(key);
    setCursors([null]);
  }
  const page = cursors.length - 1;
  return {
    page,
    cursor: cursors[page] ?? null,
    previous: () => setCursors((c) => c.slice(0, -1)),
    next: (nextCursor) => setCursors((c) => [...c, nextCursor]),
  };
}

/** "Page n" with Previous / Next under a list; `summary` follows the page number (e.g. " · 3 contracts"). */
export function CursorPager(props: { pages: CursorPages; nextCursor: string | null | undefined; summary?: ReactNode }) {
  const { pages, nextCursor } = props;
  return (
    <nav className="mt-3 flex items-center justify-between text-sm" aria-label="Pages">
      <span>
        Page {pages.page + 1}
        {props.summary}
      </span>
      <span className="flex gap-2">
        <Button variant="secondary" disabled={pages.page === 0} onClick={pages.previous}>
          Previous
        </Button>
        <Button variant="secondary" disabled={!nextCursor} onClick={() => pages.next(nextCursor ?? null)}>
          Next
        </Button>
      </span>
    </nav>
  );
}
