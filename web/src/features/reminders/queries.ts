import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ReminderLogPageResponse, ReminderOverviewResponse, ReminderPolicyBody, ReminderRunResponse } from '#contracts/reminders.ts';
import { apiFetch } from '#lib/api.ts';

export const REMINDERS_KEY = ['reminders'] as const;

export const overviewQuery = (days: number) =>
  queryOptions({ queryKey: [...REMINDERS_KEY, 'overview', days], queryFn: () => apiFetch<ReminderOverviewResponse>(`/api/reminders?days=${days}`) });

export const logQuery = (status: string | undefined, cursor: string | null) =>
  queryOptions({
    queryKey: [...REMINDERS_KEY, 'log', status ?? 'all', cursor],
    queryFn: () => {
      const p = new URLSearchParams({ limit: '25' });
      if (status) p.set('status', status);
      if (cursor) p.set('cursor', cursor);
      return apiFetch<ReminderLogPageResponse>(`/api/reminders/log?${p.toString()}`);
    },
  });

/** Every change on this screen can move the upcoming list and the log: refresh both. */
function useReminderMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: REMINDERS_KEY }) });
}

export const useSavePolicy = () => useReminderMutation((policy: ReminderPolicyBody) => apiFetch<ReminderPolicyBody>('/api/reminders/policy', { method: 'PUT', json: policy }));
export const useRunNow = () => useReminderMutation(() => apiFetch<ReminderRunResponse>('/api/reminders/run', { method: 'POST' }));
export const useRetry = () => useReminderMutation((id: string) => apiFetch<ReminderRunResponse>(`/api/reminders/log/${encodeURIComponent(id)}/retry`, { method: 'POST' }));
export const usePause = () =>
  useReminderMutation((p: { scope: 'client' | 'invoice'; targetId: string }) => apiFetch('/api/reminders/pauses', { method: 'POST', json: p }));
export const useResume = () =>
  useReminderMutation((p: { scope: 'client' | 'invoice'; targetId: string }) =>
    apiFetch<null>(`/api/reminders/pauses/${p.scope}/${encodeURIComponent(p.targetId)}`, { method: 'DELETE' }),
  );

export const runSummary = (r: ReminderRunResponse): string => {
  const parts = [`${r.sent} sent`];
  if (r.skipped > 0) parts.push(`${r.skipped} skipped`);
  if (r.failed > 0) parts.push(`${r.failed} failed`);
  return r.sent + r.skipped + r.failed === 0 ? 'Nothing was due.' : `${parts.join(', ')}.`;
};

export const describeOffset = (days: number): string =>
  days === 0 ? 'On the due date' : days < 0 ? `${-days} day${days === -1 ? '' : 's'} before` : `${days} day${days === 1 ? '' : 's'} after`;

/** How far ahead the screen lists coming reminders. */
export const REMINDER_DAYS = 30;

/** What /admin/payment-reminders shows first: what is coming up and the latest log page (the route loader starts it). */
export const prefetchRemindersScreen = (qc: QueryClient) => Promise.all([qc.prefetchQuery(overviewQuery(REMINDER_DAYS)), qc.prefetchQuery(logQuery(undefined, null))]);
