import { Outlet, createFileRoute } from '@tanstack/react-router';
import { ensureStaffSession } from '../../features/shell/staff-guard.ts';
import { GuardedRouteError, RequireAccess } from '../../features/auth/components/RequireAccess.tsx';

/** Every /admin screen sits behind the access check of its path (R-AUTH-15). */
export const Route = createFileRoute('/admin')({
  beforeLoad: ensureStaffSession,
  errorComponent: GuardedRouteError,
  component: AdminLayout,
});

function AdminLayout() {
  return (
    <RequireAccess>
      <Outlet />
    </RequireAccess>
  );
}
