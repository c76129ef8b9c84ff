import { createFileRoute } from '@tanstack/react-router';
import { ensureSession } from '../features/auth/ensure-session.ts';
import { siteInfoQuery } from '../features/shell/site-info.ts';
import { GuardedRouteError, RequireAccess } from '../features/auth/components/RequireAccess.tsx';
import { MyJobs } from '../features/jobs/MyJobs.tsx';
import { EmployeeDashboard } from '../features/time/EmployeeDashboard.tsx';

export const Route = createFileRoute('/employee-dashboard')({
  // The company's time zone is known before the screen's first paint (times in its clock at once).
  beforeLoad: (ctx) => ensureSession(ctx, [(qc) => qc.ensureQueryData(siteInfoQuery)]),
  errorComponent: GuardedRouteError,
  component: Guarded,
});

function Guarded() {
  return (
    <RequireAccess>
      <EmployeeDashboard jobs={<MyJobs />} />
    </RequireAccess>
  );
}
