import { Outlet, createFileRoute } from '@tanstack/react-router';
import { ensureSession } from '../../features/auth/ensure-session.ts';
import { siteInfoQuery } from '../../features/shell/site-info.ts';
import { GuardedRouteError, RequireAccess } from '../../features/auth/components/RequireAccess.tsx';

/** Every /admin screen sits behind the access check of its path (R-AUTH-15). */
export const Route = createFileRoute('/admin')({
  // The company's time zone is known before the screen's first paint (times in its clock at once).
  beforeLoad: (ctx) => ensureSession(ctx, [(qc) => qc.ensureQueryData(siteInfoQuery)]),
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
