import { createFileRoute } from '@tanstack/react-router';
import { ensureStaffSession } from '../features/shell/staff-guard.ts';
import { GuardedRouteError, RequireAccess } from '../features/auth/components/RequireAccess.tsx';
import { MyJobs } from '../features/jobs/MyJobs.tsx';
import { EmployeeDashboard } from '../features/time/EmployeeDashboard.tsx';

export const Route = createFileRoute('/employee-dashboard')({
  beforeLoad: ensureStaffSession,
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
