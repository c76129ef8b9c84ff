import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Shortcuts } from '../auth/components/Shortcuts.tsx';
import { dateKey } from '#domain/time/zoned-week.ts';
import { PageHeading } from '#ui/PageHeading.tsx';
import { ErrorNote } from '#ui/FormError.tsx';
import { ClockCard } from './ClockCard.tsx';
import { WeekBars } from './WeekBars.tsx';
import { myClockQuery } from './queries.ts';

/**
 * /employee-dashboard: the person's own day. Everything here is theirs (their clock, their
 * hours); sections that need a permission (`jobs`, from the jobs feature) come in from the route
 * and check it themselves.
 */
export function EmployeeDashboard(props: { jobs: ReactNode }) {
  const clock = useQuery(myClockQuery);
  const data = clock.data;
  const first = data?.worker?.name.split(' ')[0];
  return (
    <div className="mx-auto grid max-w-3xl gap-4 sm:gap-6">
      <PageHeading title="My dashboard">{first ? `Hello, ${first}. ` : ''}Your jobs for today and the week, and your hours.</PageHeading>
      {clock.isPending && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          Loading your time clock…
        </p>
      )}
      {clock.isError && <ErrorNote>{clock.error.message}</ErrorNote>}
      {data && data.worker === null && (
        <p className="rounded-lg border border-slate-200 p-4 text-sm text-slate-700 dark:border-slate-800 dark:text-slate-300">
          Your account has no active employee record, so there is no time clock for you here.
        </p>
      )}
      {data?.week && (
        <>
          <ClockCard clock={{ ...data, week: data.week }} readAt={clock.dataUpdatedAt} />
          {props.jobs}
          <WeekBars week={data.week} today={dateKey(new Date(), data.week.timeZone)} />
        </>
      )}
      <Shortcuts />
    </div>
  );
}
