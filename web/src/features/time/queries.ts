import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MyJobsResponse } from '#contracts/jobs.ts';
import type { ClockInInput, EmployeeWeekDto, EntryCreateInput, EntryPatchInput, MyClockDto, TimeEntryDto, WeekTimesheetsDto } from '#contracts/time.ts';
import { apiFetch } from '#lib/api.ts';

/** Every time query starts with 'time', so one prefix refreshes them all after a write. */
export const timeKeys = {
  all: ['time'] as const,
  me: ['time', 'me'] as const,
  week: (week: string) => ['time', 'timesheets', week] as const,
  employeeWeek: (id: string, week: string) => ['time', 'timesheets', week, id] as const,
};

export const myClockQuery = queryOptions({
  queryKey: timeKeys.me,
  queryFn: () => apiFetch<MyClockDto>('/api/time/me'),
  // The running timer on the card is computed locally; this keeps totals fresh.
  refetchInterval: 60_000,
});

/** `week` null: the current week in the company's time zone, as the server sees it. */
export const timesheetsQuery = (week: string | null) =>
  queryOptions({
    queryKey: timeKeys.week(week ?? 'current'),
    queryFn: () => apiFetch<WeekTimesheetsDto>(week ? `/api/time/timesheets?week=${encodeURIComponent(week)}` : '/api/time/timesheets'),
    placeholderData: keepPreviousData,
  });

export const employeeWeekQuery = (employeeId: string, week: string) =>
  queryOptions({
    queryKey: timeKeys.employeeWeek(employeeId, week),
    queryFn: () => apiFetch<EmployeeWeekDto>(`/api/time/timesheets/${encodeURIComponent(employeeId)}?week=${encodeURIComponent(week)}`),
  });

/** A job the person can clock in against; the jobs feature answers GET /api/jobs/mine. */
export interface ClockableJob {
  id: string;
  number: string;
  title: string;
}

/** The person's scheduled jobs (today's first, then upcoming), to clock in against. */
export const myJobsQuery = queryOptions({
  queryKey: ['jobs', 'mine', 'for-clock'] as const,
  queryFn: async (): Promise<ClockableJob[]> => {
    const mine = await apiFetch<MyJobsResponse>('/api/jobs/mine');
    return [...mine.today, ...mine.upcoming].map((j) => ({ id: j.id, number: j.number, title: j.title }));
  },
  staleTime: 60_000,
});

function useTimeMutation<V, R = unknown>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: timeKeys.all }) });
}

export const useClockIn = () => useTimeMutation((body: ClockInInput) => apiFetch<TimeEntryDto>('/api/time/me/clock-in', { method: 'POST', json: body }));
export const useClockOut = () => useTimeMutation((body: { note?: string }) => apiFetch<TimeEntryDto>('/api/time/me/clock-out', { method: 'POST', json: body }));
export const useBreak = () => useTimeMutation((action: 'start' | 'end') => apiFetch<TimeEntryDto>(`/api/time/me/break/${action}`, { method: 'POST' }));

export const useEditEntry = (id: string) =>
  useTimeMutation((body: EntryPatchInput) => apiFetch<TimeEntryDto>(`/api/time/entries/${encodeURIComponent(id)}`, { method: 'PATCH', json: body }));

export const useAddEntry = (employeeId: string) =>
  useTimeMutation((body: EntryCreateInput) =>
    apiFetch<TimeEntryDto>(`/api/time/timesheets/${encodeURIComponent(employeeId)}/entries`, { method: 'POST', json: body }),
  );

export const useApproveWeek = (employeeId: string) =>
  useTimeMutation((week: string) => apiFetch<EmployeeWeekDto>(`/api/time/timesheets/${encodeURIComponent(employeeId)}/approve`, { method: 'POST', json: { week } }));

export const useUnlockWeek = (employeeId: string) =>
  useTimeMutation((body: { week: string; reason: string }) =>
    apiFetch<EmployeeWeekDto>(`/api/time/timesheets/${encodeURIComponent(employeeId)}/unlock`, { method: 'POST', json: body }),
  );

/** What the Hours tab shows first: this week's timesheets (the route loader starts it). */
export const prefetchHoursScreen = (qc: QueryClient) => qc.prefetchQuery(timesheetsQuery(null));
