import { createFileRoute } from '@tanstack/react-router';
import { ensureSession } from '../features/auth/ensure-session.ts';
import { GuardedRouteError, RequireAccess } from '../features/auth/components/RequireAccess.tsx';
import { MyJobs } from '../features/jobs/MyJobs.tsx';
import { EmployeeDashboard } from '../features/time/EmployeeDashboard.tsx';

export const Route = createFileRoute('/employee-dashboard')({
  beforeLoad: ensureSession,
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
