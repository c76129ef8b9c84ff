import type { ReactNode } from 'react';
import { LoadError } from './LoadError.tsx';
import { Button } from './Button.tsx';

/** What the staff lists need from a TanStack infinite query. */
interface PagedQuery {
  isError: boolean;
  error: unknown;
  data: unknown;
  hasNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * A staff list of cards loaded page by page: the load error, the empty state, the cards and
 * "Show more" (leads, reviews and messages share it).
 */
export function PagedCardList<T extends { id: string }>(props: {
  query: PagedQuery;
  items: T[];
  label: string;
  empty: string;
  children: (item: T) => ReactNode;
}) {
  const { query: q } = props;
  return (
    <>
      {q.isError && (
        <div className="mt-4">
          <LoadError error={q.error} />
        </div>
      )}
      {q.data !== undefined && props.items.length === 0 && <p className="mt-6 text-slate-700 dark:text-slate-300">{props.empty}</p>}
      <ul className="mt-6 space-y-4" aria-label={props.label}>
        {props.items.map((item) => props.children(item))}
      </ul>
      {q.hasNextPage && (
        <Button variant="secondary" size="sm" className="mt-4" onClick={() => void q.fetchNextPage()}>
          Show more
        </Button>
      )}
    </>
  );
}
