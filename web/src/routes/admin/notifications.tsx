import { createFileRoute } from '@tanstack/react-router';
import { NotificationsScreen, type NotificationsTab } from '../../features/notifications/NotificationsScreen.tsx';

export const Route = createFileRoute('/admin/notifications')({
  validateSearch: (s: Record<string, unknown>): { tab?: NotificationsTab } => (s.tab === 'templates' ? { tab: 'templates' } : {}),
  component: Screen,
});

function Screen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <NotificationsScreen tab={search.tab ?? 'inbox'} onTab={(t) => void navigate({ search: t === 'templates' ? { tab: 'templates' } : {}, replace: true })} />;
}
