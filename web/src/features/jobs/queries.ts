import { sessionQuery } from '../auth/session.ts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  AssigneesResponse,
  BoardResponse,
  CalendarResponse,
  ChecklistChangeRequest,
  ClientOptionsResponse,
  CreateJobRequest,
  FeedStatusDto,
  JobDto,
  JobListResponse,
  JobViewResponse,
  MaterialRequest,
  MyJobsResponse,
  OnMyWayResponse,
  ScheduleRequest,
  ScheduleResponse,
  SignOffRequest,
  UpdateJobRequest,
} from '#contracts/jobs.ts';
import { apiFetch } from '#lib/api.ts';
import { useOptimisticChange } from '#lib/queries/optimistic.ts';
import { checklistWhat, patchCachedJob, tickPatch, transitionWhat, withServerJob } from './optimistic-jobs.ts';

/** Every job query key starts with 'jobs', so a mutation invalidates them all by prefix. */
export const JOBS_KEY = ['jobs'] as const;

export interface JobFilters {
  q: string;
  type: string | undefined;
  employee: string | undefined;
  status: string | undefined;
}

/** The employee filter's value in the URL for "Everyone" when the screen would otherwise open on one's own jobs. */
export const EVERYONE = 'all';

/**
 * The filters of /admin/jobs' search (board, calendar and list share them). With no employee in
 * the URL the Week view shows an employee their own visits (`me`, from the assignees answer) —
 * the board and the list show everyone's, unassigned work included; "Everyone" on the Week view
 * is `employee=all`. An admin without an employee record (`me` null) sees everyone.
 */
export const jobFilters = (search: { view?: string; q?: string; type?: string; employee?: string; status?: string }, me: string | null): JobFilters => ({
  q: search.q ?? '',
  type: search.type,
  employee: search.employee === EVERYONE ? undefined : (search.employee ?? (search.view === 'calendar' ? (me ?? undefined) : undefined)),
  status: search.status,
});

/** Whether the screen's employee filter depends on who `me` is (the Week view's default). */
export const defaultsToMe = (search: { view?: string; employee?: string }): boolean => search.view === 'calendar' && search.employee === undefined;

/** The list view's first order. */
export const JOB_LIST_SORT = { sort: 'number', dir: 'desc' } as const;

const qs = (params: Record<string, string | number | undefined | null>) => {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') out.set(k, String(v));
  return out.toString();
};

/** What the signed-in person may do on jobs; edit controls are hidden without editJobs. */
export function useJobPermissions(): { loading: boolean; canView: boolean; canEdit: boolean; canUseInventory: boolean } {
  const { data, isPending } = useQuery(sessionQuery);
  return {
    loading: isPending,
    canView: data?.permissions['viewJobs'] === true,
    canEdit: data?.permissions['editJobs'] === true,
    canUseInventory: data?.permissions['viewInventory'] === true,
  };
}

export const boardQuery = (f: JobFilters) =>
  queryOptions({
    queryKey: [...JOBS_KEY, 'board', f.q, f.type, f.employee],
    queryFn: ({ signal }) => apiFetch<BoardResponse>(`/api/jobs/board?${qs({ q: f.q, type: f.type, employee: f.employee })}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const calendarQuery = (from: string, to: string, f: JobFilters) =>
  queryOptions({
    queryKey: [...JOBS_KEY, 'calendar', from, to, f.type, f.employee],
    queryFn: ({ signal }) => apiFetch<CalendarResponse>(`/api/jobs/calendar?${qs({ from, to, type: f.type, employee: f.employee })}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const listQuery = (f: JobFilters, sort: string, dir: 'asc' | 'desc', cursor: string | null) =>
  queryOptions({
    queryKey: [...JOBS_KEY, 'list', f, sort, dir, cursor],
    queryFn: ({ signal }) =>
      apiFetch<JobListResponse>(`/api/jobs?${qs({ q: f.q, type: f.type, employee: f.employee, status: f.status, sort, dir, cursor, limit: 25 })}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const jobQuery = (id: string) =>
  queryOptions({ queryKey: [...JOBS_KEY, 'one', id], queryFn: ({ signal }) => apiFetch<JobViewResponse>(`/api/jobs/${encodeURIComponent(id)}`, { signal }) });

export const assigneesQuery = queryOptions({
  queryKey: [...JOBS_KEY, 'assignees'],
  queryFn: () => apiFetch<AssigneesResponse>('/api/jobs/assignees'),
  staleTime: 60_000,
});

export const myJobsQuery = queryOptions({ queryKey: [...JOBS_KEY, 'mine'], queryFn: () => apiFetch<MyJobsResponse>('/api/jobs/mine') });

export const clientOptionsQuery = (q: string) =>
  queryOptions({
    queryKey: [...JOBS_KEY, 'client-options', q],
    queryFn: ({ signal }) => apiFetch<ClientOptionsResponse>(`/api/jobs/client-options?${qs({ q })}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const feedQuery = queryOptions({ queryKey: [...JOBS_KEY, 'feed'], queryFn: () => apiFetch<FeedStatusDto>('/api/jobs/calendar-feed'), retry: false });

/** What /admin/jobs shows first for its search (the route loader starts it): the view's jobs, the open job, the people. */
export function prefetchJobScreen(qc: QueryClient, search: { view?: string; job?: string } & Parameters<typeof jobFilters>[0]): Promise<unknown> {
  const view = search.view ?? 'board';
  // The board and the list do not depend on who is asking (only the Week view opens on one's own visits).
  const filters = jobFilters(search, null);
  return Promise.all([
    qc.prefetchQuery(assigneesQuery),
    view === 'board' ? qc.prefetchQuery(boardQuery(filters)) : null,
    view === 'list' ? qc.prefetchQuery(listQuery(filters, JOB_LIST_SORT.sort, JOB_LIST_SORT.dir, null)) : null,
    search.job ? qc.prefetchQuery(jobQuery(search.job)) : null,
  ]);
}

const path = (id: string, rest = '') => `/api/jobs/${encodeURIComponent(id)}${rest}`;

/** The completed job's sign-off PDF: the same file the customer was mailed and finds in the client hub. */
export const signOffPdfHref = (id: string) => path(id, '/sign-off.pdf');

function useJobMutation<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: JOBS_KEY }) });
}

export const useCreateJob = () => useJobMutation((body: CreateJobRequest) => apiFetch<JobDto>('/api/jobs', { method: 'POST', json: body }));
export const useUpdateJob = (id: string) => useJobMutation((body: UpdateJobRequest) => apiFetch<JobDto>(path(id), { method: 'PATCH', json: body }));
/** A status move; the job shows in its new status at once (rolled back, with the reason, if refused). */
export const useTransition = () =>
  useOptimisticChange({
    queryKey: JOBS_KEY,
    run: (v: { id: string; status: string; acknowledgeUnticked?: boolean; number?: string }) =>
      apiFetch<JobDto>(path(v.id, '/status'), { method: 'POST', json: { status: v.status, ...(v.acknowledgeUnticked ? { acknowledgeUnticked: true } : {}) } }),
    guess: (v) => (data) => patchCachedJob(data, v.id, (j) => ({ ...j, status: v.status }), v.status),
    reconcile: withServerJob,
    what: (v) => transitionWhat(v.status, v.number),
  });
export const useSchedule = (id: string) => useJobMutation((body: ScheduleRequest) => apiFetch<ScheduleResponse>(path(id, '/schedule'), { method: 'PUT', json: body }));
/** A checklist change (`text`: the item's, for the message); a tick shows at once (rolled back, with the reason, if refused). */
export const useChecklist = () =>
  useOptimisticChange({
    queryKey: JOBS_KEY,
    run: (v: { id: string; change: ChecklistChangeRequest; text?: string }) => apiFetch<JobDto>(path(v.id, '/checklist'), { method: 'POST', json: v.change }),
    guess: ({ id, change }) => (change.action === 'tick' ? (data) => patchCachedJob(data, id, tickPatch(change.itemId, change.done)) : null),
    reconcile: withServerJob,
    what: (v) => checklistWhat(v.change, v.text),
  });
export const useMaterial = (id: string) => useJobMutation((body: MaterialRequest) => apiFetch<JobDto>(path(id, '/materials'), { method: 'POST', json: body }));
export const useSignOff = (id: string) => useJobMutation((body: SignOffRequest) => apiFetch<JobDto>(path(id, '/sign-off'), { method: 'POST', json: body }));
/** "On my way": the answer says whether the customer was told now or had been already (nothing sent again). */
export const useOnMyWay = (id: string) => useJobMutation(() => apiFetch<OnMyWayResponse>(path(id, '/on-my-way'), { method: 'POST', json: {} }));
export const useTrimOut = (id: string) => useJobMutation(() => apiFetch<JobDto>(path(id, '/trim-out'), { method: 'POST' }));
export const usePhotoUpload = (id: string) =>
  useJobMutation((file: File) => {
    const form = new FormData();
    form.append('photo', file);
    return apiFetch<JobDto>(path(id, '/photos'), { method: 'POST', body: form });
  });

export function useFeed() {
  const qc = useQueryClient();
  const regenerate = useMutation({
    mutationFn: () => apiFetch<FeedStatusDto>('/api/jobs/calendar-feed', { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...JOBS_KEY, 'feed'] }),
  });
  const revoke = useMutation({
    mutationFn: () => apiFetch<FeedStatusDto>('/api/jobs/calendar-feed', { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...JOBS_KEY, 'feed'] }),
  });
  return { regenerate, revoke };
}
