import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../ui/PageHeading.tsx';

export const Route = createFileRoute('/admin/jobs')({
  component: Screen,
});

function Screen() {
  return <PageHeading title="Job tracker">Installs, prewires, service visits and inspections.</PageHeading>;
}
