import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../ui/PageHeading.tsx';
import { ensureSession } from '../features/auth/ensure-session.ts';
import { RequireAccess } from '../features/auth/components/RequireAccess.tsx';

export const Route = createFileRoute('/vision-ai-analysis')({
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
  return <PageHeading title="Vision-AI analysis">Find people and vehicles in camera images.</PageHeading>;
}
