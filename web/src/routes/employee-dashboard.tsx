import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../ui/PageHeading.tsx';
import { ensureSession } from '../features/auth/ensure-session.ts';
import { RequireAccess } from '../features/auth/components/RequireAccess.tsx';

export const Route = createFileRoute('/employee-dashboard')({
  beforeLoad: ensureSession,
  component: Guarded,
});

function Guarded() {
  return (
    <RequireAccess>
      <Screen />
    </RequireAccess>
  );
}

function Screen() {
  return <PageHeading title="My dashboard">Your jobs for today and the week, and your hours.</PageHeading>;
}
