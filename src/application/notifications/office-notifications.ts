import type { AuthState } from '../../domain/auth/permissions.ts';
import { hasAccess } from '../../domain/auth/menu.ts';
import type { OfficeNotification } from '../../domain/notifications/notification.ts';
import { requireAccess, STAFF } from '../shared/require-access.ts';
import type { NotificationDeps } from './notification-deps.ts';

/** How far back the bell looks: a family business's few weeks of events. */
const NOTIFICATION_WINDOW = 300;
const NOTIFICATION_PAGE = 100;

export interface NotificationView extends Omit<OfficeNotification, 'readBy' | 'access' | 'key'> {
  read: boolean;
}

export interface NotificationList {
  items: NotificationView[];
  unread: number;
}

async function visible(deps: Pick<NotificationDeps, 'notifications'>, auth: AuthState): Promise<OfficeNotification[]> {
  const latest = await deps.notifications.latest(NOTIFICATION_WINDOW);
  return latest.filter((n) => hasAccess(auth, n.access));
}

/**
 * The caller's notifications, newest first, and how many they have not read: admins see all,
 * employees those about records their permissions open (R-AUTH: one access model).
 */
export async function listNotifications(deps: Pick<NotificationDeps, 'notifications'>, auth: AuthState, limit = NOTIFICATION_PAGE): Promise<NotificationList> {
  const actor = requireAccess(auth, STAFF);
  const items = await visible(deps, auth);
  const view = (n: OfficeNotification): NotificationView => ({ id: n.id, kind: n.kind, title: n.title, body: n.body, record: n.record, createdAt: n.createdAt, read: n.readBy.includes(actor.id) });
  return { items: items.slice(0, limit).map(view), unread: items.filter((n) => !n.readBy.includes(actor.id)).length };
}

/** Marks the given notifications (or every one the caller sees) read, for the caller only. */
export async function markNotificationsRead(deps: Pick<NotificationDeps, 'notifications'>, auth: AuthState, which: { ids: string[] } | { all: true }): Promise<NotificationList> {
  const actor = requireAccess(auth, STAFF);
  const mine = await visible(deps, auth);
  const wanted = 'all' in which ? null : new Set(which.ids);
  const ids = mine.filter((n) => !n.readBy.includes(actor.id) && (wanted === null || wanted.has(n.id))).map((n) => n.id);
  if (ids.length > 0) await deps.notifications.markRead(ids, actor.id);
  return listNotifications(deps, auth);
}
