import { useQuery } from '@tanstack/react-query';
import { formatDate } from '#ui/dates.ts';
import { CalendarDays } from 'lucide-react';
import { sessionQuery } from '../auth/session.ts';
import { feedQuery, useFeed } from './queries.ts';

/**
 * The signed-in employee's phone-calendar feed: a secret URL, shown once when it is made;
 * regenerating replaces it and revoking stops it. Hidden for people without an employee record.
 */
export function CalendarFeedPanel() {
  // Only employees have a feed (an administrator has no employee record): don't ask otherwise.
  const session = useQuery(sessionQuery);
  const feed = useQuery({ ...feedQuery, enabled: session.data?.state === 'employee' });
  const { regenerate, revoke } = useFeed();
  if (!feed.data) return null;
  const made = regenerate.data?.path ? `${window.location.origin}${regenerate.data.path}` : null;
  return (
    <section aria-label="Calendar feed" className="mt-8 rounded-lg border border-slate-200 p-4 text-sm dark:border-slate-800">
      <h2 className="mb-1 flex items-center gap-2 font-semibold">
        <CalendarDays aria-hidden className="h-4 w-4" /> My jobs in my phone calendar
      </h2>
      <p className="mb-2 text-slate-600 dark:text-slate-400">
        {feed.data.active ? `A private calendar link is active (made ${formatDate(feed.data.createdAt!)}).` : 'No calendar link yet.'} Anyone with the link
        can see your schedule: keep it private, and make a new one if it leaks.
      </p>
      {made && (
        <p className="mb-2">
          Subscribe with this link (shown only now):{' '}
          <a className="break-all font-mono text-blue-700 underline dark:text-blue-300" href={made.replace(/^https?:/, 'webcal:')} data-testid="feed-url">
            {made}
          </a>
        </p>
      )}
      <div className="flex gap-2">
        <button type="button" className="rounded-md border border-slate-300 px-3 py-1.5 dark:border-slate-700" disabled={regenerate.isPending} onClick={() => regenerate.mutate()}>
          {feed.data.active ? 'Make a new link' : 'Make a calendar link'}
        </button>
        {feed.data.active && (
          <button type="button" className="rounded-md border border-slate-300 px-3 py-1.5 dark:border-slate-700" disabled={revoke.isPending} onClick={() => revoke.mutate()}>
            Turn the link off
          </button>
        )}
      </div>
      {(regenerate.isError || revoke.isError) && <p role="alert" className="mt-1 text-red-700">{(regenerate.error ?? revoke.error)?.message}</p>}
    </section>
  );
}
