import { useQuery } from '@tanstack/react-query';
import { PageHeading } from '#ui/PageHeading.tsx';
import { authStateOf, sessionQuery } from '../auth/session.ts';
import { NotificationList } from './NotificationList.tsx';
import { TemplateEditor } from './TemplateEditor.tsx';

export type NotificationsTab = 'inbox' | 'templates';

/** /admin/notifications: the office's notifications; admins also edit the customer message templates. */
export function NotificationsScreen({ tab, onTab }: { tab: NotificationsTab; onTab: (t: NotificationsTab) => void }) {
  const { data: session } = useQuery(sessionQuery);
  const admin = authStateOf(session).kind === 'admin';
  const shown = admin ? tab : 'inbox';
  const tabClass = (t: NotificationsTab) =>
    `rounded-md px-3 py-2 text-sm font-medium ${shown === t ? 'bg-blue-50 text-blue-800 dark:bg-blue-950 dark:text-blue-200' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'}`;
  return (
    <div>
      <PageHeading title={shown === 'templates' ? 'Customer messages' : 'Notifications'} />
      {admin && (
        <div role="tablist" aria-label="Notifications" className="mb-4 flex gap-2">
          <button type="button" role="tab" aria-selected={shown === 'inbox'} className={tabClass('inbox')} onClick={() => onTab('inbox')}>
            Notifications
          </button>
          <button type="button" role="tab" aria-selected={shown === 'templates'} className={tabClass('templates')} onClick={() => onTab('templates')}>
            Customer message templates
          </button>
        </div>
      )}
      {shown === 'templates' ? <TemplateEditor /> : <NotificationList />}
    </div>
  );
}
