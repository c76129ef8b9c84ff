import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationListDto, TemplateDto, TemplatePreviewDto } from '#contracts/notifications.ts';
import { apiFetch } from '#lib/api.ts';

export const NOTIFICATIONS_KEY = ['notifications'] as const;
const TEMPLATES_KEY = ['admin', 'notification-templates'] as const;

/** The caller's notifications and unread count; the bell re-reads it every minute. */
export const notificationsQuery = queryOptions({
  queryKey: [...NOTIFICATIONS_KEY, 'list'],
  queryFn: () => apiFetch<NotificationListDto>('/api/notifications'),
  refetchInterval: 60_000,
});

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (which: { ids: string[] } | { all: true }) => apiFetch<NotificationListDto>('/api/notifications/read', { method: 'POST', json: which }),
    onSuccess: (list) => qc.setQueryData(notificationsQuery.queryKey, list),
    onSettled: () => qc.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

export const templatesQuery = queryOptions({ queryKey: [...TEMPLATES_KEY], queryFn: () => apiFetch<TemplateDto[]>('/api/admin/notification-templates') });

export interface TemplateInput {
  subject: string;
  body: string;
  sms: string | null;
}

const path = (key: string) => `/api/admin/notification-templates/${encodeURIComponent(key)}`;

export function useTemplateActions() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: TEMPLATES_KEY });
  return {
    save: useMutation({ mutationFn: ({ key, input }: { key: string; input: TemplateInput }) => apiFetch<TemplateDto>(path(key), { method: 'PUT', json: input }), onSuccess: done }),
    reset: useMutation({ mutationFn: (key: string) => apiFetch<TemplateDto>(path(key), { method: 'DELETE' }), onSuccess: done }),
    preview: useMutation({ mutationFn: ({ key, input }: { key: string; input: TemplateInput }) => apiFetch<TemplatePreviewDto>(`${path(key)}/preview`, { method: 'POST', json: input }) }),
  };
}

export const customerMessagesQuery = (clientId: string) =>
  queryOptions({ queryKey: ['clients', clientId, 'customer-messages'], queryFn: () => apiFetch<{ optedOut: boolean }>(`/api/clients/${encodeURIComponent(clientId)}/customer-messages`) });

export function useSetCustomerMessages(clientId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (optedOut: boolean) => apiFetch<{ optedOut: boolean }>(`/api/clients/${encodeURIComponent(clientId)}/customer-messages`, { method: 'PUT', json: { optedOut } }),
    onSuccess: (v) => qc.setQueryData(customerMessagesQuery(clientId).queryKey, v),
  });
}

