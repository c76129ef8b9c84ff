import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { recordHref } from '#contracts/record-href.ts';
import type { NotificationDto } from '#contracts/notifications.ts';
import type { OfficeKind } from '#domain/notifications/notification.ts';
import { Button } from '#ui/Button.tsx';
import { EmptyState } from '#ui/EmptyState.tsx';
import { ErrorNote } from '#ui/FormError.tsx';
import { LoadError } from '#ui/LoadError.tsx';
import { PageLoader } from '#ui/PageLoader.tsx';
import { formatDateTime } from '#ui/dates.ts';
import { notificationsQuery, useMarkRead } from './queries.ts';

const KIND_LABELS: Record<OfficeKind, string> = {
  'quote-requested': 'Quote request',
  'contact-message': 'Message',
  'support-message': 'Support',
  'proposal-viewed': 'Proposal viewed',
  'proposal-accepted': 'Proposal accepted',
  'proposal-declined': 'Proposal declined',
  'payment-received': 'Payment',
  'payment-failed': 'Payment failed',
  'service-requested': 'Service request',
  'customer-details-changed': 'Contact details',
  'phone-cannot-text': 'Phone cannot take texts',
};

/** The office's notifications, newest first: unread in bold, each opening its record (and read by opening it). */
export function NotificationList() {
  const q = useQuery(notificationsQuery);
  const mark = useMarkRead();
  const navigate = useNavigate();
  if (q.isPending) return <PageLoader />;
  if (q.isError) return <LoadError error={q.error} />;
  const { items, unread } = q.data;
  const open = async (n: NotificationDto) => {
    if (!n.read) await mark.mutateAsync({ ids: [n.id] }).catch(() => undefined);
    void navigate({ href: recordHref(n.record.kind, n.record.id) });
  };
  return (
    <div>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
          {unread === 0 ? 'All read.' : `${unread} unread`}
        </p>
        <Button variant="secondary" size="sm" disabled={unread === 0 || mark.isPending} onClick={() => mark.mutate({ all: true })}>
          Mark all read
        </Button>
      </div>
      {mark.isError && <ErrorNote className="mb-3">{mark.error.message}</ErrorNote>}
      {items.length === 0 ? (
        <EmptyState title="No notifications yet">New quote requests, messages, proposal answers and payments show up here.</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800" data-testid="notification-list">
          {items.map((n) => (
            <li key={n.id} className={`flex items-start gap-3 p-3 ${n.read ? '' : 'bg-blue-50/60 dark:bg-blue-950/30'}`} data-read={n.read}>
              <span aria-hidden className={`mt-2 h-2 w-2 shrink-0 rounded-full ${n.read ? 'bg-transparent' : 'bg-blue-600'}`} />
              <div className="min-w-0 flex-1">
                <button type="button" onClick={() => void open(n)} className="block w-full text-left">
                  <span className={`block break-words text-slate-900 underline-offset-2 hover:underline dark:text-slate-100 ${n.read ? 'font-normal' : 'font-semibold'}`}>
                    {!n.read && <span className="sr-only">Unread: </span>}
                    {n.title}
                  </span>
                  {n.body && <span className="mt-0.5 line-clamp-2 block break-words text-sm text-slate-600 dark:text-slate-400">{n.body}</span>}
                </button>
                <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                  {KIND_LABELS[n.kind as OfficeKind] ?? 'Notification'} · {n.record.label} · <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>
                </p>
              </div>
              {!n.read && (
                <Button variant="ghost" size="sm" className="shrink-0" disabled={mark.isPending} onClick={() => mark.mutate({ ids: [n.id] })} aria-label={`Mark read: ${n.title}`}>
                  Mark read
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
